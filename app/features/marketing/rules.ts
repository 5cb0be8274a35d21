// The landing page's timings and thresholds (spec 000 §2 and §9).

/** How long each slide of the hero slideshow shows while it plays. */
export const SLIDE_INTERVAL_MS = 3500;
/** A horizontal swipe longer than this changes the slide. */
export const SWIPE_THRESHOLD_PX = 50;
/** The floating Contact us button shows X, Instagram and WhatsApp in turn, this long each. */
export const CONTACT_ICON_ROTATION_MS = 2000;
