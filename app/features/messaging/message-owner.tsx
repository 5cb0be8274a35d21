// "Message owner" in the owner-found dialog. A signed-in finder posts the search they made (metro
// card or token) to /messaging, which starts the conversation with that owner, or reopens the one
// they have, and shows it. An anonymous finder is sent to sign in and brought back to the same
// owner on /findowner (the landing page sends signed-in users on to /profile).
import { Form } from "react-router";
import { useRootData } from "~/core/hooks/use-root-data";
import { Button, ButtonLink } from "~/components/ui/button";
import { safeRedirect } from "~/core/safe-redirect";
import { useT } from "~/i18n/use-t";

type MessageOwnerProps = { query: { type: string; number: string } };

/** Where an anonymous finder comes back to after signing in: the same owner result. */
export function ownerResultPath(query: MessageOwnerProps["query"]) {
  return safeRedirect(`/findowner?${new URLSearchParams({ type: query.type, number: query.number })}`, "/findowner");
}

export function MessageOwner({ query }: MessageOwnerProps) {
  const signedIn = useRootData()?.signedIn ?? false;
  const { t } = useT();
  return (
    <section aria-labelledby="message-owner-title" className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm">
      <h3 id="message-owner-title" className="font-semibold text-slate-900">
        {t("scan.messageTitle")}
      </h3>
      <p className="mt-0.5 text-slate-700">{t("scan.messagePrivate")}</p>
      {signedIn ? (
        <Form method="post" action="/messaging" className="mt-2">
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="from" value="owner-dialog" />
          <input type="hidden" name="type" value={query.type} />
          <input type="hidden" name="number" value={query.number} />
          <Button type="submit" size="sm">
            {t("scan.messageOwner")}
          </Button>
        </Form>
      ) : (
        <div className="mt-2">
          <ButtonLink href={`/auth?${new URLSearchParams({ redirectTo: ownerResultPath(query) })}`} size="sm">
            {t("scan.messageOwner")}
          </ButtonLink>
          <p className="mt-1 text-xs text-slate-600">{t("scan.messageSignIn")}</p>
        </div>
      )}
    </section>
  );
}
