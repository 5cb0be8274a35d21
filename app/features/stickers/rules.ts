// Rules of stickers, tokens and products (spec 001 §5 "Token verification", "Products", §9):
// defined once, used by the forms, the server, the CLI, the messages and the tests.

/** A Tagback token is this many digits, printed on the sticker and held in its QR code. */
export const TOKEN_LENGTH = 12;
/** A token password the owner types: digits only, at most this many. */
export const TOKEN_PASSWORD_MAX = 10;
/** The passwords the CLI mints for new stickers (within TOKEN_PASSWORD_MAX). */
export const MINTED_PASSWORD_LENGTH = 8;
/** One `tokens mint` run makes at most this many tokens. */
export const MAX_MINT_COUNT = 10_000;

/**
 * Every printed QR code — sheets and the CLI's images — at error-correction level H (stickers on
 * keys and metro cards wear and smudge), with the QR standard's quiet zone of 4 light modules.
 */
export const QR_ERROR_CORRECTION = "H" as const;
export const QUIET_ZONE_MODULES = 4;

/** Wrong claim passwords lock a token (and a user) out of claiming this long. */
export const TOKEN_CLAIM_LOCK_HOURS = 24;
const CLAIM_LOCK = TOKEN_CLAIM_LOCK_HOURS * 60 * 60;
/** Wrong claim passwords, keyed by token; failed claims (unknown tokens too), keyed by user. */
export const CLAIM_PER_TOKEN_LIMIT = { name: "tokenClaimPerToken", points: 5, duration: CLAIM_LOCK, blockDuration: CLAIM_LOCK } as const;
export const CLAIM_PER_USER_LIMIT = { name: "tokenClaimPerUser", points: 10, duration: CLAIM_LOCK, blockDuration: CLAIM_LOCK } as const;

/** Products an owner may register in all. */
export const MAX_PRODUCTS = 5;
/** A new product's name, and a renamed one's. */
export const PRODUCT_NAME_MAX = 12;
export const PRODUCT_RENAME_MAX = 100;

/** The demo token (spec 000 §2) answers the demo profile: reserved, never minted for a sticker. */
export const DEMO_TOKEN = "123456789012";

/** Exactly TOKEN_LENGTH digits. */
export function isToken(value: string): boolean {
  return value.length === TOKEN_LENGTH && /^\d+$/.test(value);
}

/**
 * The digits that unlock a masked bio: characters 5 to 8 of the owner's first verified token
 * (spec 001 §5). Null when there is no such token.
 */
export function unlockDigitsOf(token: string | null): string | null {
  const digits = (token ?? "").replace(/\D/g, "");
  return digits.length === TOKEN_LENGTH ? digits.slice(4, 8) : null;
}

/** A batch minted from the admin page offers its passwords (CSV) once, for at most this long after it is done. */
export const MINT_PASSWORDS_KEPT_MINUTES = 60;
