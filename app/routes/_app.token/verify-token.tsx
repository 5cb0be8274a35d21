// Verify Token on /token (spec 001 §5 "Token verification"): the token and the password from the
// sticker's card. The token is one field (token-input.tsx); with JavaScript the button waits until
// the form is complete, judged from the fields as they are when React starts (they may be typed in
// already on a slow phone).
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Field } from "~/components/ui/field";
import { TOKEN_LENGTH, TOKEN_PASSWORD_MAX } from "~/features/stickers/rules";
import { verifyTokenSchema } from "~/features/stickers/claim";
import { TokenInput } from "~/routes/_app.token/token-input";
import { ErrorAlert, errorTexts, useBusy, type LastResult } from "~/routes/_app.token/token-ui";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/use-t";

/** The digits posted last time (one field; a list from the boxes of older pages), to start the field with. */
function postedDigits(lastResult: LastResult) {
  const posted = lastResult?.initialValue?.token;
  const text = Array.isArray(posted) ? posted.join("") : typeof posted === "string" ? posted : "";
  return text.replace(/\D/g, "").slice(0, TOKEN_LENGTH);
}

export function VerifyToken({ lastResult }: { lastResult: LastResult }) {
  const { t, locale } = useT();
  const busy = useBusy("verify-token");
  const [form, fields] = useForm({
    id: "verify-token",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyTokenSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [digitCount, setDigitCount] = useState<number | null>(null);
  const [passwordFilled, setPasswordFilled] = useState<boolean | null>(null);
  // A refused password is not kept in the field (the server does not send it back either); else
  // the field says what it holds, typed before React started or not.
  useEffect(() => {
    const password = document.getElementById(fields.password.id);
    if (!(password instanceof HTMLInputElement)) return;
    if (lastResult) password.value = "";
    setPasswordFilled(password.value !== "");
  }, [lastResult, fields.password.id]);
  // With JavaScript the button waits until all the digits and a password are there.
  const incomplete = digitCount !== null && (digitCount < TOKEN_LENGTH || !passwordFilled);
  return (
    <section aria-labelledby="verify-title" className="sm:rounded-xl sm:border sm:border-slate-200 sm:p-5">
      <h2 id="verify-title" className="text-xl font-bold">
        {t("tokenPage.verifyTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("tokenPage.verifyLead", { digits: TOKEN_LENGTH })}</p>
      <Form method="post" action="/token" {...getFormProps(form)} className="mt-4 space-y-4">
        <ErrorAlert errors={form.errors} fallback="token.wrong" />
        <TokenInput
          defaultValue={postedDigits(lastResult)}
          errors={errorTexts(fields.token.errors, locale)}
          errorId={fields.token.errorId}
          onCountChange={setDigitCount}
        />
        <Field
          label={t("tokenPage.password")}
          errors={errorTexts(fields.password.errors, locale)}
          errorId={fields.password.errorId}
          hint={t("tokenPage.passwordHint", { max: TOKEN_PASSWORD_MAX })}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            inputMode: "numeric",
            maxLength: TOKEN_PASSWORD_MAX,
            autoComplete: "off",
            onInput: (event) => setPasswordFilled(event.currentTarget.value !== ""),
          }}
        />
        <Button
          type="submit"
          name="intent"
          value="verify-token"
          disabled={busy || incomplete}
          size="lg"
        >
          {t(busy ? "tokenPage.verifying" : "tokenPage.verify")}
        </Button>
      </Form>
    </section>
  );
}
