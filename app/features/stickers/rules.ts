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
 * A batch's page, while it is minted, reads its progress again this often: reloading itself without
 * JavaScript, its loader alone with it. Each look is a signed-in request on the machine the finders
 * share; once a second it was a sixth of a shared-cpu-1x's quota with the page (decision 004).
 */
export const MINT_PROGRESS_REFRESH_SECONDS = 3;

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

/**
 * Lock-screen cards (/token, decision 027): a PNG wallpaper of a sticker's QR code for the owner's
 * phone. The offered sizes (width × height in pixels) cover most phones; any other size within
 * LOCK_SCREEN_CUSTOM can be asked for. `phones`: the message naming the phones each is for.
 */
export const LOCK_SCREEN_SIZES = [
  { width: 1080, height: 2400, phones: "tokenPage.sizeAndroid" },
  { width: 1170, height: 2532, phones: "tokenPage.sizeIphone" },
  { width: 1290, height: 2796, phones: "tokenPage.sizeIphoneMax" },
  { width: 720, height: 1600, phones: "tokenPage.sizeSmallAndroid" },
] as const;
/** A custom size: portrait, between these bounds, at most this tall for its width. */
export const LOCK_SCREEN_CUSTOM = { minWidth: 320, maxWidth: 2160, minHeight: 480, maxHeight: 3840, minRatio: 1.2, maxRatio: 2.4 } as const;
export const LOCK_SCREEN_STYLES = ["light", "dark"] as const;
export type LockScreenStyle = (typeof LOCK_SCREEN_STYLES)[number];

/** The owner's line on the card: at most this many characters (code points). */
export const LOCK_SCREEN_LINE_MAX = 60;
/** The line of a card whose owner wrote none. */
export const LOCK_SCREEN_LINE_DEFAULT = "If found, please scan me";
/**
 * What the line may hold: the characters the card's font (Noto Sans Devanagari, which has Latin
 * too) draws — printable ASCII, the Latin-1 letters it has, the Devanagari block with the joiners
 * Hindi uses, and a little typography. A test checks each one against the font, so no line can
 * come out as empty boxes.
 */
export const LOCK_SCREEN_LINE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xc0, 0xff],
  [0x900, 0x97f],
  [0x200c, 0x200d],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2026, 0x2026],
  [0x20b9, 0x20b9],
];

/** True when every character of `line` is one LOCK_SCREEN_LINE_RANGES allows. */
export function lineHasOnlyCardCharacters(line: string): boolean {
  for (const char of line) {
    const code = char.codePointAt(0)!;
    if (!LOCK_SCREEN_LINE_RANGES.some(([from, to]) => code >= from && code <= to)) return false;
  }
  return true;
}

/** Reprinting my stickers: each verified token this many times at most (one A4 sheet of labels). */
export const REPRINT_MAX_COPIES = 24;
/** …and at most this many labels in one sheet (10 A4 pages). */
export const REPRINT_MAX_LABELS = 240;
export const REPRINT_FORMATS = ["pdf", "svg"] as const;

/** `copies` as typed: 1 when left empty, a whole number from 1 to REPRINT_MAX_COPIES, else null. */
export function reprintCopiesOf(raw: string | null | undefined): number | null {
  const value = (raw ?? "").trim();
  if (value === "") return 1;
  const copies = /^\d{1,3}$/.test(value) ? Number(value) : 0;
  return copies >= 1 && copies <= REPRINT_MAX_COPIES ? copies : null;
}

/**
 * Lock-screen cards and reprints an owner may have drawn per minute: each takes the one print
 * worker for a fraction of a second, which admins' sheets and other owners' cards share.
 */
export const PRINTS_PER_USER_LIMIT = { name: "printsPerUser", points: 20, duration: 60 } as const;
