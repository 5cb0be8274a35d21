// The report form of the 'My Lost Items' tab (spec 001 §5 "Lost items"): the kind of item, its
// name, its metro card number or token, the date it was lost — every one required — and lost
// mode's optional message and reward.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Field } from "~/components/ui/field";
import { fullReportSchema } from "~/features/lost-found/lost-forms";
import { fieldTexts, LostAlert, type LastResult } from "~/features/lost-found/lost-list";
import { ReportFormTail } from "~/features/lost-found/report-form-tail";
import { LOST_NAME_MAX } from "~/features/lost-found/rules";
import { METRO_CARD_MAX } from "~/features/owner/rules";
import { useT } from "~/i18n/use-t";

export function ReportForm({ today, lastResult }: { today: string; lastResult: LastResult }) {
  const { t, locale } = useT();
  const [form, fields] = useForm({
    id: "report-form",
    lastResult,
    defaultValue: { dateLost: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: fullReportSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const typeErrors = fields.type.errors;
  return (
    <section aria-labelledby="report-title" className="sm:rounded-xl sm:border sm:border-slate-200 sm:p-5">
      <h2 id="report-title" className="text-xl font-bold">
        {t("lostPage.reportLostTitle")}
      </h2>
      <Form method="post" action="/lost-found" {...getFormProps(form)} className="mt-4 space-y-4">
        {/* The first problem with its title ('Invalid Metro Card Number', …); each field says its own below. */}
        <LostAlert
          errors={[
            ...(form.errors ?? []),
            ...(typeErrors ?? []),
            ...(fields.name.errors ?? []),
            ...(fields.identifier.errors ?? []),
            ...(fields.dateLost.errors ?? []),
            ...(fields.message.errors ?? []),
            ...(fields.reward.errors ?? []),
          ]}
          fallback="lost.submissionFailed"
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t("lostPage.whatLost")}</legend>
          <div className="mt-1 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
            {(
              [
                ["metro", t("lostPage.kindMetroCard")],
                ["product", t("lostPage.kindProductSticker")],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="cursor-pointer rounded-lg px-3 py-2 text-center text-sm font-semibold text-slate-700 has-checked:bg-white has-checked:text-brand-700 has-checked:shadow-sm has-focus-visible:outline-3 has-focus-visible:outline-brand-600"
              >
                <input type="radio" name={fields.type.name} value={value} defaultChecked={fields.type.initialValue === value} className="sr-only" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={t("lostPage.itemName")}
          errors={fieldTexts(fields.name.errors, locale)}
          errorId={fields.name.errorId}
          hint={t("lostPage.itemNameHint")}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: LOST_NAME_MAX, autoComplete: "off" }}
        />
        <Field
          label={t("lostPage.identifier")}
          errors={fieldTexts(fields.identifier.errors, locale)}
          errorId={fields.identifier.errorId}
          hint={t("lostPage.identifierHint")}
          inputProps={{ ...getInputProps(fields.identifier, { type: "text" }), inputMode: "numeric", maxLength: METRO_CARD_MAX + 4, autoComplete: "off" }}
        />
        <ReportFormTail fields={fields} today={today} submit={{ idle: t("lostPage.submitReport"), busy: t("lostPage.submitting") }} />
      </Form>
    </section>
  );
}
