// The Danger Zone of /settings (issue 25): Delete my account, confirmed by typing the account's
// e-mail (like GitHub's), and the spec's WhatsApp link to support beside it. The confirmation step
// is a <details> and the form a plain post, so both work without JavaScript; with it, the button
// waits until the e-mail is typed. A full document load follows the post (reloadDocument), so no
// page of the erased account stays in the browser. The erasure: ./erasure.server.ts.
import { useState } from "react";
import { Form } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { typedBeforeHydration, useHydrated } from "~/core/hooks/use-hydrated";
import { useT } from "~/i18n/use-t";

export const DELETE_ACCOUNT_INTENT = "delete-account";

type DeleteAccountProps = {
  email: string;
  /** The spec's WhatsApp message to support, naming the account's e-mail. */
  supportHref: string;
  /** A refused confirmation, with what was typed. */
  refused: { title: string; description?: string; typed: string } | null;
};

export function DeleteAccount({ email, supportHref, refused }: DeleteAccountProps) {
  const [typed, setTyped] = useState(() => typedBeforeHydration("delete-confirm", refused?.typed ?? ""));
  const hydrated = useHydrated();
  const { t } = useT();
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();
  return (
    <div className="space-y-3 text-sm text-slate-800">
      <p>{t("settingsPage.deleteLead")}</p>
      <details open={refused !== null} data-testid="delete-account">
        <summary className="cursor-pointer font-semibold text-red-800">{t("settingsPage.deleteOpen")}</summary>
        <Form method="post" action="/settings" reloadDocument noValidate className="mt-3 space-y-3 rounded-lg border border-red-200 bg-white p-3">
          <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
          {refused ? <FormAlert id="delete-confirm-error" title={refused.title} description={refused.description} /> : null}
          <div>
            <label htmlFor="delete-confirm" className="block font-medium text-slate-900">
              {t("settingsPage.deleteConfirm")} <span className="break-all font-semibold">{email}</span>
            </label>
            <input
              id="delete-confirm"
              name="confirm"
              type="text"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? "delete-confirm-error" : undefined}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-red-500"
            />
          </div>
          <Button type="submit" variant="danger" disabled={hydrated && !confirmed}>
            {t("settingsPage.deleteButton")}
          </Button>
        </Form>
      </details>
      <p>
        {t("settingsPage.questionsFirst")}{" "}
        <ButtonLink href={supportHref} target="_blank" rel="noopener noreferrer" variant="danger-outline" size="sm">
          {t("settingsPage.contactSupport")}
        </ButtonLink>
      </p>
    </div>
  );
}
