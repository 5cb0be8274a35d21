// "Continue with e-mail": one field, `email` (a contract), posted to /auth's action, which mails a
// code and a link and goes on to /auth/code. A plain form, so it works without JavaScript; a
// refusal comes back with the address as it was typed.
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useT } from "~/i18n/use-t";
import type { action } from "./route";

export function EmailSignIn({ redirectTo }: { redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const refused = actionData && "codeError" in actionData ? actionData : null;
  const { t, m } = useT();
  const alert = refused ? m(refused.codeError) : null;
  const busy = useNavigation().formData?.get("intent") === "email-code";
  return (
    <Form method="post" noValidate className="mt-6 space-y-3" aria-labelledby="email-sign-in-title">
      <h2 id="email-sign-in-title" className="text-base font-semibold text-slate-800">
        {t("authPage.emailHeading")}
      </h2>
      <p className="text-sm text-slate-600">{t("authPage.emailLead")}</p>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {alert ? <FormAlert title={alert.title} description={alert.description} id="email-sign-in-error" /> : null}
      <Field
        label={t("authPage.emailLabel")}
        inputProps={{
          id: "email-sign-in-email",
          name: "email",
          type: "email",
          // "webauthn": the browser may offer this site's passkeys in the field's autofill
          // (passkey-sign-in.tsx asks it to, where it can).
          autoComplete: "email webauthn",
          required: true,
          defaultValue: refused?.typed,
        }}
      />
      <Button type="submit" name="intent" value="email-code" disabled={busy} size="lg" className="w-full">
        {busy ? t("authPage.sending") : t("authPage.continueWithEmail")}
      </Button>
    </Form>
  );
}
