// Rules of signing in (spec 001 §5, "Developer mode"; DESIGN §5): defined once, used by the forms,
// the limits and the tests. The developer-mode password's length is the environment's too:
// core/dev-mode-password.ts.

/** Wrong developer-mode or sign-in passwords lock the client (or e-mail) out this long. */
export const SIGN_IN_LOCK_MINUTES = 15;
const SIGN_IN_LOCK = SIGN_IN_LOCK_MINUTES * 60;
/** Wrong developer-mode passwords, keyed by client. */
export const DEV_MODE_PER_CLIENT_LIMIT = { name: "devModePerIp", points: 5, duration: SIGN_IN_LOCK, blockDuration: SIGN_IN_LOCK } as const;
/** Wrong sign-in passwords, keyed by e-mail and by client. */
export const SIGN_IN_PER_EMAIL_LIMIT = { name: "signInPerEmail", points: 5, duration: SIGN_IN_LOCK, blockDuration: SIGN_IN_LOCK } as const;
export const SIGN_IN_PER_CLIENT_LIMIT = { name: "signInPerIp", points: 20, duration: SIGN_IN_LOCK, blockDuration: SIGN_IN_LOCK } as const;

/** Developer-mode account passwords. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// ---------------------------------------------------------------------------------------------
// Sign-in codes by e-mail (issue 33, decisions 033 and 044). A code is 6 digits: one guess in a
// million. The limits below bound the codes one mailbox gets to CODES_PER_ADDRESS_PER_HOUR from
// anyone plus CODES_PER_PROVEN_BROWSER_PER_HOUR asked for by browsers that proved the address
// before, so what anyone can try against one address is at most (5 + 3) × CODE_WRONG_TRIES_MAX = 40
// guesses an hour (one chance in 25,000), however many clients they use; a stranger, who can only
// spend the first allowance, gets 5 × 5 = 25 (one in 40,000).

/** Digits of a sign-in code. */
export const SIGN_IN_CODE_DIGITS = 6;
/** A code signs in within this many minutes of being sent, once. */
export const SIGN_IN_CODE_VALID_MINUTES = 10;
/** Wrong codes typed against one code; the last of them kills it (a new code must be asked for). */
export const CODE_WRONG_TRIES_MAX = 5;
/**
 * Codes sent to one mailbox in an hour, whoever asks. Counted on the mailbox the address delivers
 * to (core/email-address.ts `mailboxOf`: victim+1@ and Victim@ are victim@), so no spelling of an
 * address buys more mails into its inbox.
 */
export const CODES_PER_ADDRESS_PER_HOUR = 5;
export const CODES_PER_ADDRESS_LIMIT = { name: "signInCodesPerAddress", points: CODES_PER_ADDRESS_PER_HOUR, duration: 60 * 60 } as const;
/**
 * A second, small allowance of the same mailbox for the owner's own browsers: one that signed in to
 * the address with a code before (a signed cookie says so). Strangers who spend the first allowance
 * then cannot keep the owner from their next code.
 */
export const CODES_PER_PROVEN_BROWSER_PER_HOUR = 3;
export const CODES_PER_PROVEN_BROWSER_LIMIT = { name: "signInCodesPerAddressProven", points: CODES_PER_PROVEN_BROWSER_PER_HOUR, duration: 60 * 60 } as const;
/** How long a browser remembers the addresses it proved with a code (and the code it asked for last). */
export const CODE_BROWSER_DAYS = 180;
/** Addresses one browser remembers as proven (a shared family computer, a few accounts). */
export const CODE_BROWSER_PROVEN_MAX = 5;
/** Posts of the code forms (asking for a code, or typing one) from one client in an hour. */
export const CODE_POSTS_PER_CLIENT_PER_HOUR = 60;
export const CODE_POSTS_PER_CLIENT_LIMIT = { name: "signInCodePostsPerClient", points: CODE_POSTS_PER_CLIENT_PER_HOUR, duration: 60 * 60 } as const;

// ---------------------------------------------------------------------------------------------
// Passkeys (issue 33, decision 034).

/** A WebAuthn challenge is answered within this many minutes, once. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** Passkeys one account may hold (a bound on the table, and more than anyone needs). */
export const PASSKEYS_PER_ACCOUNT = 10;
/** Challenges handed out to one client in an hour (each is a row until it is used or expires). */
export const PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR = 60;
export const PASSKEY_CHALLENGES_PER_CLIENT_LIMIT = { name: "passkeyChallengesPerClient", points: PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR, duration: 60 * 60 } as const;

/**
 * Bounds of the passkey steps' JSON (decision 043), above what authenticators send and far below
 * what would let one request fill the log or the database; lengths in URL-safe base64 characters,
 * the body in bytes. A credential id is at most 1,023 bytes, a user handle 64. The largest keys and
 * signatures are post-quantum: on Node 24 the library offers ML-DSA-44 first and Chromium takes it
 * (a 1,312-byte public key, a 2,420-byte signature, where ES256 has 65 and ~72); the bounds leave
 * room for ML-DSA-87 (2,592 and 4,627).
 */
export const PASSKEY_JSON_LIMITS = {
  bodyBytes: 32 * 1024,
  credentialIdChars: 1366,
  clientDataChars: 4096,
  attestationChars: 16 * 1024,
  authenticatorDataChars: 8192,
  signatureChars: 8192,
  userHandleChars: 128,
  publicKeyChars: 4096,
  redirectToChars: 2048,
} as const;
