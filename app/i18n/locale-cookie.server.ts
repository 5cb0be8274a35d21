// The language switch's choice: a signed cookie like every Tagback cookie, kept for a year. Made
// on first use, like the others, so the env is validated by then.
import { signedCookie } from "~/core/cookies.server";

export function localeCookie() {
  return signedCookie("tb_lang", { maxAge: 365 * 24 * 60 * 60 });
}
