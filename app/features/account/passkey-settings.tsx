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
import { istDateTimeIn } from "~/core/india-time";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { isMessageKey, type Message, type Translator } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
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

function errorMessage(error: string | undefined, { m }: Translator): Message {
  return m(error && isMessageKey(error) ? error : "auth.passkeyAddFailed");
}

export function PasskeySettings({ passkeys }: { passkeys: PasskeyRow[] }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const translator = useT();
  const { t, m, locale } = translator;
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
      if (!options.ok) return setOutcome({ tone: "error", text: errorMessage(options.error, translator) });
      const response = await startRegistration({ optionsJSON: options.options as Parameters<typeof startRegistration>[0]["optionsJSON"] });
      const verified = await answerOf(await post({ step: "verify", response }));
      if (!verified.ok) return setOutcome({ tone: "error", text: errorMessage(verified.error, translator) });
      setOutcome({ tone: "success", text: m("auth.passkeyAdded") });
      await revalidator.revalidate();
    } catch (error) {
      // The owner closed the device's prompt, or it timed out: nothing was saved. Unless the browser
      // refused the page's address, which no prompt preceded.
      const cancelled = error instanceof WebAuthnError || (error instanceof Error && error.name === "NotAllowedError");
      const key = refusedForAddress(error) ? "auth.passkeyNeedsName" : cancelled ? "auth.passkeyCancelled" : "auth.passkeyAddFailed";
      setOutcome({ tone: "error", text: m(key) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-3 border-t border-slate-100 pt-4 text-sm text-slate-700" data-testid="passkeys">
      <h3 className="font-semibold text-slate-900">{t("settingsPage.passkeys")}</h3>
      <p>{t("settingsPage.passkeysLead")}</p>
      {passkeys.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t("settingsPage.yourPasskeys")}>
          {passkeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="passkey">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{key.name}</p>
                <p className="text-xs text-slate-600">
                  {t("settingsPage.passkeyAdded", { date: istDateTimeIn(key.createdAt, locale) })} ·{" "}
                  {key.lastUsedAt ? t("settingsPage.passkeyLastUsed", { date: istDateTimeIn(key.lastUsedAt, locale) }) : t("settingsPage.passkeyNotUsed")}
                </p>
              </div>
              <Form method="post" action="/settings">
                <input type="hidden" name="intent" value={REMOVE_PASSKEY_INTENT} />
                <input type="hidden" name="passkey" value={key.id} />
                <Button type="submit" variant="danger-outline" size="sm" aria-label={t("settingsPage.removePasskey", { name: key.name })}>
                  {t("settingsPage.remove")}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("settingsPage.noPasskeys")}</p>
      )}
      {outcome ? <FormAlert tone={outcome.tone} title={outcome.text.title} description={outcome.text.description} /> : null}
      {supported && needsName ? (
        <PasskeyNeedsName localhostUrl={needsName.localhostUrl} />
      ) : supported ? (
        <Button type="button" onClick={addPasskey} disabled={busy}>
          {busy ? t("settingsPage.waitingForDevice") : t("settingsPage.addPasskey")}
        </Button>
      ) : (
        <p data-testid="passkey-needs-js">
          {hydrated
            ? t("settingsPage.passkeyNoBrowser")
            : t("settingsPage.passkeyNoJs")}
        </p>
      )}
    </div>
  );
}
