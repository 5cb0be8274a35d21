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

/**
 * Erasing an account (decision 026): Litestream keeps old snapshots and WAL this long
 * (`retention` in litestream.yml, checked against this number by a test), so erased data is gone
 * from the replica too this many days after the erasure. The page after deletion, the privacy
 * policy and the README say so.
 */
export const BACKUP_RETENTION_DAYS = 7;
