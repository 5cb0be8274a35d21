// POST /auth/passkey (issue 33): signing in with a passkey, as JSON for the script of /auth
// (app/routes/auth/passkey-sign-in.tsx): `{"step":"options"}` hands out a challenge (any passkey
// of this site may answer: no e-mail is typed first), `{"step":"verify","response":…,
// "redirectTo":…}` checks the answer, starts the session (its cookie on this response) and says
// where to go. The body is checked by its zod schema first (features/account/passkey-json.server.ts):
// anything else is a 400. Without JavaScript there is no passkey button; the e-mail code remains.
import type { Route } from "./+types/auth_.passkey";
import { dbContext, requestInfoContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { safeRedirect } from "~/core/safe-redirect";
import { requireAnonymous } from "~/features/account/guards.server";
import { passkeySignInStep, readPasskeyStep } from "~/features/account/passkey-json.server";
import { allowChallenge, signInOptions, signInWithPasskey } from "~/features/account/passkeys.server";
import { createSession } from "~/features/account/session.server";
import type { MessageKey } from "~/i18n/messages";

const refuse = (error: MessageKey, status: number) => Response.json({ ok: false, error }, { status, headers: NO_STORE });

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous({ context });
  const db = context.get(dbContext);
  const body = await readPasskeyStep(request, passkeySignInStep);
  if (!body.ok) return refuse("auth.passkeySignInFailed", body.status);
  const { step } = body;
  if (step.step === "options") {
    if (!(await allowChallenge(db, context.get(requestInfoContext).clientKey))) return refuse("auth.passkeyBusy", 429);
    return Response.json({ ok: true, options: await signInOptions(db) }, { headers: NO_STORE });
  }
  const outcome = await signInWithPasskey(db, step.response);
  if (!outcome.ok) return refuse(outcome.reason === "unknown-passkey" ? "auth.passkeyUnknown" : "auth.passkeySignInFailed", 400);
  const to = safeRedirect(step.redirectTo ?? null);
  return Response.json({ ok: true, redirectTo: to }, { headers: { ...NO_STORE, "Set-Cookie": await createSession(db, outcome.userId) } });
}

export function loader() {
  return new Response("Not Found", { status: 404 });
}
