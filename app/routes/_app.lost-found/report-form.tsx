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
import { METRO_CARD_MAX, METRO_CARD_MIN } from "~/features/owner/rules";
import { TOKEN_LENGTH } from "~/features/stickers/rules";

export function ReportForm({ today, lastResult }: { today: string; lastResult: LastResult }) {
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
        Report a lost item
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
          <legend className="text-sm font-medium text-slate-800">What did you lose?</legend>
          <div className="mt-1 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
            {(
              [
                ["metro", "Metro card"],
                ["product", "Product with a sticker"],
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
          label="Item name"
          errors={fieldTexts(fields.name.errors)}
          errorId={fields.name.errorId}
          hint="e.g. Laptop bag, Delhi Metro card."
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: LOST_NAME_MAX, autoComplete: "off" }}
        />
        <Field
          label="Metro card number or token"
          errors={fieldTexts(fields.identifier.errors)}
          errorId={fields.identifier.errorId}
          hint={`A metro card number has ${METRO_CARD_MIN} to ${METRO_CARD_MAX} digits; a Tagback token ${TOKEN_LENGTH}.`}
          inputProps={{ ...getInputProps(fields.identifier, { type: "text" }), inputMode: "numeric", maxLength: METRO_CARD_MAX + 4, autoComplete: "off" }}
        />
        <ReportFormTail fields={fields} today={today} submit={{ idle: "Submit Report", busy: "Submitting…" }} />
      </Form>
    </section>
  );
}
