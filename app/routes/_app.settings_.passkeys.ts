// POST /settings/passkeys (issue 33): the two steps of adding a passkey to the signed-in account,
// as JSON for the browser's script (features/account/passkey-settings.tsx): `{"step":"options"}`
// hands out a challenge, `{"step":"verify","response":…}` checks the device's answer and keeps the
// passkey. The body is checked by its zod schema first (features/account/passkey-json.server.ts):
// anything else is a 400. Adding a passkey needs JavaScript (WebAuthn is a browser API); listing and
// removing them are plain forms of /settings. Cross-site posts are refused by the server (server/cross-site.ts).
import type { Route } from "./+types/_app.settings_.passkeys";
import { dbContext, requestInfoContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { requireUser } from "~/features/account/guards.server";
import { addPasskey, allowChallenge, deviceNameOf, registrationOptions } from "~/features/account/passkeys.server";
import { addPasskeyStep, readPasskeyStep } from "~/features/account/passkey-json.server";
import type { MessageKey } from "~/i18n/messages";

const refuse = (error: MessageKey, status: number) => Response.json({ ok: false, error }, { status, headers: NO_STORE });

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser({ request, context });
  const db = context.get(dbContext);
  const body = await readPasskeyStep(request, addPasskeyStep);
  if (!body.ok) return refuse("auth.passkeyAddFailed", body.status);
  const { step } = body;
  if (step.step === "options") {
    if (!(await allowChallenge(db, context.get(requestInfoContext).clientKey))) return refuse("auth.passkeyBusy", 429);
    return Response.json({ ok: true, options: await registrationOptions(db, user) }, { headers: NO_STORE });
  }
  const outcome = await addPasskey(db, user.id, step.response, deviceNameOf(request.headers.get("User-Agent")));
  if (!outcome.ok) return refuse(outcome.reason === "too-many" ? "auth.passkeyTooMany" : "auth.passkeyAddFailed", 400);
  return Response.json({ ok: true, name: outcome.name }, { headers: NO_STORE });
}

export function loader() {
  return new Response("Not Found", { status: 404 });
}
