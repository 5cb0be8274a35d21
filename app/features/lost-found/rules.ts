// Rules of lost items, lost mode and the QR scanner (spec 001 §5 "Lost items", "QR content", §9
// "Scanner"): defined once, used by the forms, the server, the messages and the tests.
// server.js imports this module directly (the photo upload's body limit): no `~/` imports here.

/** Lost mode: the message and the reward an owner writes in a report, each at most this long. */
export const LOST_NOTE_MAX = 140;

/** A lost item's name in the Lost and Found report form. */
export const LOST_NAME_MAX = 100;

/** The photo of a QR code a finder uploads on /found (without JavaScript or a camera). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Where the photo is posted: /found without JavaScript, /found.data with it (React Router's
 * single fetch). server/main.ts lets multipart bodies to these paths past its 100 KB limit.
 */
export const PHOTO_UPLOAD_PATHS: readonly string[] = ["/found", "/found.data"];
/**
 * The body limit server.js applies to a photo upload: the photo plus room for the multipart
 * envelope and a larger photo, which the route refuses itself with a message (a bigger body gets
 * Express's plain 413).
 */
export const PHOTO_BODY_LIMIT_BYTES = 4 * PHOTO_MAX_BYTES;
/** Photo uploads (each one a server-side decode) per client per minute. */
export const PHOTO_DECODES_PER_MINUTE = 6;
export const PHOTO_DECODE_LIMIT = { name: "photoDecodesPerClient", points: PHOTO_DECODES_PER_MINUTE, duration: 60 } as const;

/**
 * The page that runs the camera scanner: server/main.ts allows its decoder's blob: worker in this
 * page's Content-Security-Policy only. The scanner opens only in a document loaded from here.
 */
export const SCANNER_PAGE_PATH = "/found";

/** The camera scanner (spec 001 §9): at most this many decode attempts a second. */
export const SCANS_PER_SECOND = 25;
/** The scanner gives up (and says so) when nothing was read for this long. */
export const SCAN_TIMEOUT_MS = 10_000;
/** The scan region is this share of the video's smaller side, centred… */
export const SCAN_REGION_SHARE = 2 / 3;
/** …and scaled to this many pixels square before decoding. */
export const SCAN_CANVAS_SIZE = 400;

/**
 * The name a metro card report picked on /lost is stored with (the profile's card has no name of
 * its own). It is the app's word, not the owner's: the list shows it in the page's language.
 */
export const REGISTERED_METRO_NAME = "Metro card";
