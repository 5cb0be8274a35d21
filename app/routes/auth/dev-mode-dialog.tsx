// The developer-mode dialog (/auth?dev=1): the admin password turns on e-mail and password
// sign-in. Rendered by the server, so it opens and answers without JavaScript too.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData } from "react-router";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { DEV_PASSWORD_MAX_LENGTH } from "~/core/dev-mode-password";
import { messageOf } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { authPath } from "./auth-path";
import { devUnlockSchema } from "./auth-schemas";
import type { action } from "./route";
import { Button, ButtonLink } from "~/components/ui/button";

export function DevModeDialog({ redirectTo }: { redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const { t, locale } = useT();
  const lastResult = actionData?.intent === "dev-unlock" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "dev-unlock",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: devUnlockSchema }),
    shouldValidate: "onSubmit",
  });
  const [error] = [...(form.errors ?? []), ...(fields.password.errors ?? [])];
  const alert = error ? messageOf(error, "auth.invalidAdminPassword", locale) : null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="dev-title" className="w-full max-w-sm rounded-xl bg-white p-6 shadow-xl">
        <h2 id="dev-title" className="text-lg font-bold">{t("authPage.devMode")}</h2>
        <p className="mt-1 text-sm text-slate-600">{t("authPage.devModeLead")}</p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {alert ? <FormAlert title={alert.title} description={alert.description} /> : null}
          <Field
            label={t("authPage.adminPassword")}
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              maxLength: DEV_PASSWORD_MAX_LENGTH,
              autoComplete: "off",
              autoFocus: true,
            }}
          />
          <div className="flex justify-end gap-2">
            <ButtonLink to={authPath({ redirectTo })} variant="ghost">
              {t("authPage.cancel")}
            </ButtonLink>
            <Button type="submit" name="intent" value="dev-unlock">
              {t("authPage.unlock")}
            </Button>
          </div>
        </Form>
      </div>
    </div>
  );
}
