// Passkeys in /settings → Account Security (issue 33): the account's passkeys with the device each
// was added on and its last use, a Remove form each (a plain post: works without JavaScript), and
// "Add a passkey", which needs JavaScript (WebAuthn is a browser API): without it, or in a browser
// without WebAuthn, the section says so instead of showing a button that cannot work. The server
// side: POST /settings/passkeys (app/routes/_app.settings_.passkeys.ts) and ./passkeys.server.ts.
import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { istDateTime } from "~/core/india-time";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { isMessageKey, message, type Message } from "~/i18n/messages";
import { PasskeyNeedsName, passkeyNeedsName, refusedForAddress } from "./passkey-host";

export const REMOVE_PASSKEY_INTENT = "remove-passkey";

export type PasskeyRow = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

type Outcome = { tone: "success" | "error"; text: Message };

/** A refusal the server answered with (a message key), or the generic one. */
async function answerOf(response: Response): Promise<{ ok: boolean; error?: string; options?: unknown; name?: string }> {
  try {
    return (await response.json()) as { ok: boolean };
  } catch {
    return { ok: false };
  }
}

function errorMessage(error: string | undefined): Message {
  return message(error && isMessageKey(error) ? error : "auth.passkeyAddFailed");
}

export function PasskeySettings({ passkeys }: { passkeys: PasskeyRow[] }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const supported = hydrated && browserSupportsWebAuthn();
  const needsName = hydrated ? passkeyNeedsName(window.location) : null;

  async function addPasskey() {
    setBusy(true);
    setOutcome(null);
    try {
      const post = (body: unknown) =>
        fetch("/settings/passkeys", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const options = await answerOf(await post({ step: "options" }));
      if (!options.ok) return setOutcome({ tone: "error", text: errorMessage(options.error) });
      const response = await startRegistration({ optionsJSON: options.options as Parameters<typeof startRegistration>[0]["optionsJSON"] });
      const verified = await answerOf(await post({ step: "verify", response }));
      if (!verified.ok) return setOutcome({ tone: "error", text: errorMessage(verified.error) });
      setOutcome({ tone: "success", text: message("auth.passkeyAdded") });
      await revalidator.revalidate();
    } catch (error) {
      // The owner closed the device's prompt, or it timed out: nothing was saved. Unless the browser
      // refused the page's address, which no prompt preceded.
      const cancelled = error instanceof WebAuthnError || (error instanceof Error && error.name === "NotAllowedError");
      const key = refusedForAddress(error) ? "auth.passkeyNeedsName" : cancelled ? "auth.passkeyCancelled" : "auth.passkeyAddFailed";
      setOutcome({ tone: "error", text: message(key) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-3 border-t border-slate-100 pt-4 text-sm text-slate-700" data-testid="passkeys">
      <h3 className="font-semibold text-slate-900">Passkeys</h3>
      <p>
        A passkey signs you in with your phone's or computer's screen lock (fingerprint, face or PIN) instead of a code or a password. Tagback
        keeps only its public key, never your fingerprint or face.
      </p>
      {passkeys.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your passkeys">
          {passkeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="passkey">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{key.name}</p>
                <p className="text-xs text-slate-600">
                  Added {istDateTime(key.createdAt)} · {key.lastUsedAt ? `last used ${istDateTime(key.lastUsedAt)}` : "not used yet"}
                </p>
              </div>
              <Form method="post" action="/settings">
                <input type="hidden" name="intent" value={REMOVE_PASSKEY_INTENT} />
                <input type="hidden" name="passkey" value={key.id} />
                <Button type="submit" variant="danger-outline" size="sm" aria-label={`Remove passkey ${key.name}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>You have no passkeys yet.</p>
      )}
      {outcome ? <FormAlert tone={outcome.tone} title={outcome.text.title} description={outcome.text.description} /> : null}
      {supported && needsName ? (
        <PasskeyNeedsName localhostUrl={needsName.localhostUrl} />
      ) : supported ? (
        <Button type="button" onClick={addPasskey} disabled={busy}>
          {busy ? "Waiting for your device…" : "Add a passkey"}
        </Button>
      ) : (
        <p data-testid="passkey-needs-js">
          {hydrated
            ? "This browser cannot create passkeys. Open Settings in a current browser on your phone or computer to add one."
            : "Adding a passkey needs JavaScript, which is off or has not loaded. You can still sign in with a code by e-mail."}
        </p>
      )}
    </div>
  );
}
