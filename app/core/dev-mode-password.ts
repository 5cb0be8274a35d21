// The developer-mode password's length (spec 001 §5 "Developer mode"; DESIGN §5). It is a rule of
// the environment (DEV_MODE_PASSWORD, checked at start by env.server.ts, which makes one up in demo
// mode) as much as of the sign-in form, so it lives in core, where both reach it: core imports no
// feature.

/** DEV_MODE_PASSWORD and the developer-mode password field: at most this many characters. */
export const DEV_PASSWORD_MAX_LENGTH = 8;
