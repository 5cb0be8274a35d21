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
// Sign-in codes by e-mail (issue 33, decision 033). A code is 6 digits: one guess in a million. The
// limits below bound what anyone can try against one address to CODES_PER_ADDRESS_PER_HOUR ×
// CODE_WRONG_TRIES_MAX guesses an hour (25, one chance in 40,000), however many clients they use.

/** Digits of a sign-in code. */
export const SIGN_IN_CODE_DIGITS = 6;
/** A code signs in within this many minutes of being sent, once. */
export const SIGN_IN_CODE_VALID_MINUTES = 10;
/** Wrong codes typed against one code; the last of them kills it (a new code must be asked for). */
export const CODE_WRONG_TRIES_MAX = 5;
/** Codes sent to one address in an hour, whoever asks. */
export const CODES_PER_ADDRESS_PER_HOUR = 5;
export const CODES_PER_ADDRESS_LIMIT = { name: "signInCodesPerAddress", points: CODES_PER_ADDRESS_PER_HOUR, duration: 60 * 60 } as const;
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
