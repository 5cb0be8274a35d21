// What each form post of /auth does, one function per intent; route.tsx's action dispatches on
// the posted `intent`. Refusals answer message keys (app/i18n/en.ts, section auth).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Db } from "../../../db/connection";
import { limitKeyOf } from "~/core/client-key";
import { redirectWithToast } from "~/core/toast.server";
import { safeRedirect } from "~/core/safe-redirect";
import { getAuthenticator, redirectToCookie } from "~/features/account/google-auth.server";
import { signIn, signUp, type SignInResult } from "~/features/account/password-accounts.server";
import { createSession } from "~/features/account/session.server";
import type { Locale } from "~/core/locale";
import { messageIn, type MessageKey } from "~/i18n/messages";
import { authPath } from "./auth-path";
import { codeRequestSchema, devUnlockSchema, emailProblemOf, signInSchema, signUpSchema } from "./auth-schemas";
import {
  allowCodePost,
  codeBrowserHeader,
  codePagePath,
  readCodeBrowser,
  sendSignInCode,
  signInCodesAvailable,
  type CodeRequestResult,
} from "~/features/account/sign-in-codes.server";
import { isDevModeEnabled, unlockDevMode, type UnlockResult } from "./dev-mode.server";

/**
 * What every intent gets: the post, already read, and the request's context. `locale` is the
 * page's language: a new account's, and a code mail's to an address with no account (decision 048).
 */
export type IntentArgs = { request: Request; formData: FormData; db: Db; clientIp: string; redirectTo: string; locale: Locale };

type Refusal = { key: MessageKey; status: number };

const DEV_UNLOCK_REFUSALS = {
  invalid: { key: "auth.invalidAdminPassword", status: 400 },
  locked: { key: "auth.devLocked", status: 429 },
  unavailable: { key: "auth.devUnavailable", status: 403 },
} as const satisfies Record<Extract<UnlockResult, { ok: false }>["reason"], Refusal>;

const SIGN_IN_REFUSALS = {
  invalid: { key: "auth.invalidCredentials", status: 400 },
  unconfirmed: { key: "auth.unconfirmed", status: 400 },
  locked: { key: "auth.signInLocked", status: 429 },
} as const satisfies Record<Extract<SignInResult, { ok: false }>["reason"], Refusal>;

const CODE_REQUEST_REFUSALS = {
  "address-limit": { key: "auth.codesPerAddress", status: 429 },
} as const satisfies Record<Extract<CodeRequestResult, { ok: false }>["reason"], Refusal>;

/**
 * "Continue with e-mail": a code and a link by mail, then the page where the code is typed. The
 * answer is the same whether or not the address has an account (sign-in-codes.server.ts). A
 * refusal keeps the typed address in the form. The browser's cookie remembers the code it asked
 * for (its mailed link is then one tap here) and lets an address it proved before past strangers'
 * use of the address's codes.
 */
export async function requestSignInCode({ request, formData, db, clientIp, redirectTo, locale }: IntentArgs) {
  const intent = "email-code" as const;
  const typed = String(formData.get("email") ?? "");
  const refuse = (refusal: Refusal) => data({ intent, result: null, codeError: refusal.key, typed }, { status: refusal.status });
  if (!signInCodesAvailable()) return refuse({ key: "auth.codesUnavailable", status: 403 });
  if (!(await allowCodePost(db, limitKeyOf(clientIp)))) return refuse({ key: "auth.codePostsPerClient", status: 429 });
  const submission = parseWithZod(formData, { schema: codeRequestSchema });
  if (submission.status !== "success") return refuse({ key: emailProblemOf(submission.error ?? undefined), status: 400 });
  const outcome = await sendSignInCode(db, submission.value.email, redirectTo, await readCodeBrowser(request), locale);
  if (!outcome.ok) return refuse(CODE_REQUEST_REFUSALS[outcome.reason]);
  return redirect(codePagePath({ email: submission.value.email, redirectTo }), { status: 303, headers: { "Set-Cookie": await codeBrowserHeader(outcome.browser) } });
}

/** "Continue with Google": off to the provider, remembering where to come back to. */
export async function startGoogleSignIn({ request, redirectTo, locale }: IntentArgs) {
  const redirectCookie = await redirectToCookie().serialize(redirectTo);
  try {
    await getAuthenticator().authenticate("google", request);
  } catch (thrown) {
    // The strategy throws its redirect to the provider; add our cookie to it.
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(thrown.headers);
      headers.append("Set-Cookie", redirectCookie);
      throw new Response(null, { status: thrown.status, headers });
    }
    console.error("Google sign-in could not start", thrown);
    return redirectWithToast(authPath({ redirectTo }), { type: "error", ...messageIn(locale, "auth.googleStartFailed") });
  }
  return redirect(authPath({ redirectTo }));
}

/** The developer-mode dialog: the admin password turns developer mode on for this browser. */
export async function unlockDeveloperMode({ formData, db, clientIp, redirectTo, locale }: IntentArgs) {
  const intent = "dev-unlock" as const;
  const submission = parseWithZod(formData, { schema: devUnlockSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  // Per-client limits count an IPv4 address or an IPv6 /64 (core/client-key.ts).
  const outcome = await unlockDevMode(db, submission.value.password, limitKeyOf(clientIp));
  if (outcome.ok) {
    return redirectWithToast(
      authPath({ redirectTo }),
      { type: "success", ...messageIn(locale, "auth.devEnabled") },
      { headers: { "Set-Cookie": outcome.setCookie } },
    );
  }
  const refusal: Refusal = DEV_UNLOCK_REFUSALS[outcome.reason];
  return data(
    { intent, result: submission.reply({ formErrors: [refusal.key], hideFields: ["password"] }) },
    { status: refusal.status },
  );
}

/** E-mail and password accounts exist only in developer mode. */
function developerModeOff<Intent extends "sign-up" | "sign-in">(intent: Intent) {
  const error: MessageKey = "auth.devModeOff";
  return data({ intent, result: null, error }, { status: 403 });
}

/** The Sign Up tab: creates the account and mails its confirmation link. */
export async function signUpWithPassword({ request, formData, db, locale }: IntentArgs) {
  const intent = "sign-up" as const;
  if (!(await isDevModeEnabled(request))) return developerModeOff(intent);
  const submission = parseWithZod(formData, { schema: signUpSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  await signUp(db, submission.value.email, submission.value.password, locale);
  return data({ intent, result: submission.reply({ resetForm: true }), signedUp: true });
}

/** The Sign In tab: a session for a confirmed account, then on to where the user was going. */
export async function signInWithPassword({ request, formData, db, clientIp, redirectTo }: IntentArgs) {
  const intent = "sign-in" as const;
  if (!(await isDevModeEnabled(request))) return developerModeOff(intent);
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await signIn(db, submission.value.email, submission.value.password, limitKeyOf(clientIp));
  if (!outcome.ok) {
    const refusal: Refusal = SIGN_IN_REFUSALS[outcome.reason];
    return data(
      { intent, result: submission.reply({ formErrors: [refusal.key], hideFields: ["password"] }) },
      { status: refusal.status },
    );
  }
  return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": await createSession(db, outcome.userId) } });
}
