// The rules of "I got it back" and of the way home counted (issue 49, decision 047). Written once,
// used by the owner's conversation, the finder's page, the admin page and the tests.

/** An owner can take "I got it back" back for this long (a mistaken tap); after it the return stands. */
export const RETURN_UNDO_HOURS = 24;
/** The owner's optional thank-you line to the finder, after cleaning. */
export const THANK_YOU_MAX = 200;
/** Weeks the admin page lists, newest first. */
export const FUNNEL_WEEKS_SHOWN = 12;
/** The setting (site_settings.name) of the count from which the landing page shows the returns. */
export const RETURNS_SHOWN_FROM = "returns_shown_from";
/** The highest threshold an admin may set (a typo of extra zeros is refused, not stored). */
export const RETURNS_SHOWN_FROM_MAX = 1_000_000;
