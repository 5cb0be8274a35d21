// The demo profile's identifiers (spec 000 §2): no database row; the search answers the demo for
// DEMO_TOKEN, so that token is reserved and never minted for a real sticker.
export const DEMO_PROFILE_ID = "demo-ananya";
export const DEMO_TOKEN = "123456789012";
export const DEMO_METRO_CARD = "1234567812345678";
/** Characters 5 to 8 of the demo token. */
export const DEMO_UNLOCK_DIGITS = DEMO_TOKEN.slice(4, 8);
