// "Sign in with a passkey" on /auth (issue 33), and the browser's own offer of passkeys in the
// e-mail field's autofill (conditional mediation) where it supports that. Both need JavaScript
// (WebAuthn is a browser API): the server renders nothing here, and the button appears once the
// page runs and the browser can do WebAuthn; without it the e-mail code remains. The steps go to
// POST /auth/passkey (app/routes/auth_.passkey.ts).
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { PasskeyNeedsName, passkeyNeedsName, refusedForAddress } from "~/features/account/passkey-host";
import { isMessageKey, type Message, type Translator } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";

type Answer = { ok: boolean; error?: string; options?: Parameters<typeof startAuthentication>[0]["optionsJSON"]; redirectTo?: string };

async function step(body: unknown): Promise<Answer> {
  const response = await fetch("/auth/passkey", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  try {
    return (await response.json()) as Answer;
  } catch {
    return { ok: false };
  }
}

/** Asks the browser for a passkey (with its own prompt, or quietly in autofill) and signs in with it. */
async function signIn(redirectTo: string, autofill: boolean, { m }: Translator): Promise<Message | null> {
  const options = await step({ step: "options" });
  if (!options.ok || !options.options) return m(options.error && isMessageKey(options.error) ? options.error : "auth.passkeySignInFailed");
  const response = await startAuthentication({ optionsJSON: options.options, useBrowserAutofill: autofill });
  const verified = await step({ step: "verify", response, redirectTo });
  if (!verified.ok) return m(verified.error && isMessageKey(verified.error) ? verified.error : "auth.passkeySignInFailed");
  // A full load, so every part of the page sees the new session.
  window.location.assign(verified.redirectTo ?? "/profile");
  return null;
}

export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const hydrated = useHydrated();
  const translator = useT();
  const { t, m } = translator;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Message | null>(null);

  // The autofill offer waits quietly for the owner to pick a passkey in the e-mail field. The
  // button's request aborts it (the library allows one request at a time); leaving the page too.
  useEffect(() => {
    let live = true;
    void browserSupportsWebAuthnAutofill().then(async (supported) => {
      if (!supported || !live || passkeyNeedsName(window.location)) return;
      try {
        const failed = await signIn(redirectTo, true, translator);
        if (failed && live) setProblem(failed);
      } catch {
        // Aborted by the button or by leaving, or nothing picked: no message.
      }
    });
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [redirectTo, translator]);

  if (!hydrated || !browserSupportsWebAuthn()) return null;
  const needsName = passkeyNeedsName(window.location);
  if (needsName) {
    return (
      <div className="mt-3">
        <PasskeyNeedsName localhostUrl={needsName.localhostUrl} />
      </div>
    );
  }

  async function onClick() {
    setBusy(true);
    setProblem(null);
    try {
      const failed = await signIn(redirectTo, false, translator);
      if (failed) setProblem(failed);
    } catch (error) {
      const cancelled = error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
      setProblem(m(refusedForAddress(error) ? "auth.passkeyNeedsName" : cancelled ? "auth.passkeyCancelled" : "auth.passkeySignInFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 space-y-3">
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={onClick} disabled={busy}>
        {busy ? t("authPage.waitingForDevice") : t("authPage.passkey")}
      </Button>
      {problem ? <FormAlert title={problem.title} description={problem.description} /> : null}
    </div>
  );
}
