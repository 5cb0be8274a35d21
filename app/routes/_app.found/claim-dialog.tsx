// Claiming a token found in a search (spec 001 §4: 'Token Claimed'): a signed-in user who searched
// a token nobody holds can make it theirs with the password from its sticker pack. The dialog is
// a state of the URL (the search, or ?claim=TOKEN after a refused try), so it works without
// JavaScript; the form is the same claim as Verify Token on /token.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { RouteDialog } from "~/components/ui/route-dialog";
import { formatToken } from "~/features/finder/search-input";
import { verifyTokenSchema } from "~/features/stickers/claim";
import { TOKEN_PASSWORD_MAX } from "~/features/stickers/rules";
import { messageOf } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";

export function ClaimDialog({ token, lastResult }: { token: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t, locale } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "claim";
  const [form, fields] = useForm({
    id: "claim-token",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyTokenSchema }),
    shouldValidate: "onSubmit",
  });
  const firstError = form.errors?.[0] ?? fields.password.errors?.[0] ?? fields.token.errors?.[0];
  const refused = firstError ? messageOf(firstError, "token.wrong", locale) : null;
  return (
    <RouteDialog title={t("foundPage.claimTitle")} titleId="claim-title" closeHref="/found" closeLabel={t("scan.close")}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          {t("foundPage.claimLead")
            .split(/(\{token\})/)
            .map((part, index) =>
              part === "{token}" ? (
                <span key={index} className="font-mono font-semibold">
                  {formatToken(token)}
                </span>
              ) : (
                part
              ),
            )}
        </p>
        <Form method="post" action={`/found?claim=${token}`} {...getFormProps(form)} className="space-y-4">
          {refused ? <FormAlert title={refused.title} description={refused.description} data-testid="claim-alert" /> : null}
          <input type="hidden" name="token" value={token} />
          <Field
            label={t("foundPage.password")}
            errorId={fields.password.errorId}
            hint={t("foundPage.passwordHint")}
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              inputMode: "numeric",
              maxLength: TOKEN_PASSWORD_MAX,
              autoComplete: "off",
            }}
          />
          <Button type="submit" name="intent" value="claim" disabled={busy}>
            {t(busy ? "foundPage.claiming" : "foundPage.claim")}
          </Button>
        </Form>
      </div>
    </RouteDialog>
  );
}
