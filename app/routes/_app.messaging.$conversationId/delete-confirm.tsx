// Deleting a conversation from its page: the confirmation step.
import { Form } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { useT } from "~/i18n/use-t";

/** A confirmation step that works without JavaScript: its own URL (?delete=1). */
export function DeleteConfirm({ path, name }: { path: string; name: string }) {
  const { t } = useT();
  return (
    <Form method="post" action={path} className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm" data-testid="delete-confirm">
      <p className="font-semibold text-red-900">{t("messagingPage.deleteTitle")}</p>
      <p className="mt-0.5 text-red-900">{t("messagingPage.deleteLead", { name })}</p>
      <input type="hidden" name="intent" value="delete" />
      <div className="mt-2 flex gap-2">
        <Button type="submit" variant="danger" size="sm">
          {t("messagingPage.deleteConversation")}
        </Button>
        <ButtonLink to={path} variant="outline" size="sm">
          {t("messagingPage.cancel")}
        </ButtonLink>
      </div>
    </Form>
  );
}
