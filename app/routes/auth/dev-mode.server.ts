// Developer mode: e-mail/password sign-in, unlocked by the admin password on /auth. The password
// is checked on the server (constant time, per-IP lockout); the unlocked state is a flag in a
// signed cookie, never a secret held by the browser.
import { signedCookie } from "~/core/cookies.server";
import { getEnv } from "~/core/env.server";
import { safeEqual } from "~/core/safe-equal.server";
import { DEV_PASSWORD_MAX_LENGTH } from "~/core/dev-mode-password";
import { DEV_MODE_PER_CLIENT_LIMIT } from "~/features/account/rules";
import type { Db } from "../../../db/connection";
import { clearFailures, isLocked, recordFailure } from "~/core/rate-limit.server";


function devModeCookie() {
  return signedCookie("tb_dev", { maxAge: 24 * 60 * 60 });
}

export function devModeAvailable(): boolean {
  return Boolean(getEnv().DEV_MODE_PASSWORD);
}

export async function isDevModeEnabled(request: Request): Promise<boolean> {
  if (!devModeAvailable()) return false;
  return (await devModeCookie().parse(request.headers.get("Cookie"))) === true;
}

export type UnlockResult = { ok: true; setCookie: string } | { ok: false; reason: "invalid" | "locked" | "unavailable" };

export async function unlockDevMode(db: Db, password: string, clientIp: string): Promise<UnlockResult> {
  const expected = getEnv().DEV_MODE_PASSWORD;
  if (!expected) return { ok: false, reason: "unavailable" };
  if (await isLocked(db, DEV_MODE_PER_CLIENT_LIMIT, clientIp)) return { ok: false, reason: "locked" };
  if (password.length > DEV_PASSWORD_MAX_LENGTH || !safeEqual(password, expected)) {
    await recordFailure(db, DEV_MODE_PER_CLIENT_LIMIT, clientIp);
    return { ok: false, reason: "invalid" };
  }
  await clearFailures(db, DEV_MODE_PER_CLIENT_LIMIT, clientIp);
  return { ok: true, setCookie: await devModeCookie().serialize(true) };
}
