// Developer mode's e-mail and password forms: the Sign In and Sign Up tabs (?tab=signup), each a
// form of its own with the same schema as the server. Messages arrive as keys and are resolved here.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { messageOf, type Locale, type MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { authPath, type Tab } from "./auth-path";
import { signInSchema, signUpSchema } from "./auth-schemas";
import type { action } from "./route";
import { Button } from "~/components/ui/button";

/** Field errors (message keys) as the text shown under the field. */
function fieldTexts(errors: string[] | undefined, fallback: MessageKey, locale: Locale) {
  return errors?.map((error) => messageOf(error, fallback, locale).title);
}

export function PasswordForms({ tab, redirectTo }: { tab: Tab; redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const { t, locale } = useT();
  const navigation = useNavigation();
  const signingUp = tab === "signup";
  const intent = signingUp ? "sign-up" : "sign-in";
  const schema = signingUp ? signUpSchema : signInSchema;
  const lastResult = actionData?.intent === intent ? actionData.result : undefined;
  const signedUp = actionData && "signedUp" in actionData && actionData.signedUp;
  const [form, fields] = useForm({
    id: intent,
    lastResult: lastResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formError = form.errors?.[0];
  const alert = formError ? messageOf(formError, signingUp ? "auth.signUpFailed" : "auth.signInFailed", locale) : null;
  const busy = navigation.state === "submitting";
  return (
    <div className="mt-8 rounded-xl border border-slate-200 p-5">
      <PasswordTabs tab={tab} redirectTo={redirectTo} />
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {signedUp ? <FormAlert tone="success" title={t("auth.signedUp")} /> : null}
        {alert ? <FormAlert title={alert.title} description={alert.description} /> : null}
        <Field
          label={t("authPage.email")}
          errors={fieldTexts(fields.email.errors, "auth.invalidEmail", locale)}
          errorId={fields.email.errorId}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <Field
          label={t("authPage.password")}
          errors={fieldTexts(fields.password.errors, "auth.passwordTooShort", locale)}
          errorId={fields.password.errorId}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: signingUp ? "new-password" : "current-password",
          }}
        />
        <Button
          type="submit"
          name="intent"
          value={intent}
          disabled={busy}
          size="lg" className="w-full"
        >
          {signingUp ? (busy ? t("authPage.signingUp") : t("authPage.signUp")) : busy ? t("authPage.signingIn") : t("authPage.signIn")}
        </Button>
      </Form>
    </div>
  );
}

/** The two tabs are links (?tab=), so switching works without JavaScript. */
function PasswordTabs({ tab, redirectTo }: { tab: Tab; redirectTo: string }) {
  const { t } = useT();
  return (
    <nav aria-label={t("authPage.devTabs")} className="flex gap-2">
      {(["signin", "signup"] as const).map((value) => (
        <Link
          key={value}
          to={authPath({ redirectTo, tab: value })}
          aria-current={tab === value ? "page" : undefined}
          className={`flex-1 rounded-lg px-3 py-2 text-center font-medium ${tab === value ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-800"}`}
        >
          {value === "signin" ? t("authPage.signIn") : t("authPage.signUp")}
        </Link>
      ))}
    </nav>
  );
}
