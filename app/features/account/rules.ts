// Rules of signing in (spec 001 §5, "Developer mode"; DESIGN §5): defined once, used by the forms,
// the limits and the tests. The developer-mode password's length is the environment's too:
// core/dev-mode-password.ts.

/** Wrong developer-mode or sign-in passwords lock the client (or e-mail) out this long. */
export const SIGN_IN_LOCK_MINUTES = 15;

/** Developer-mode account passwords. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
