// Lost mode's two optional fields, near the end of both report forms (report-form-tail.tsx): what
// a finder who scans or searches the item reads first while the report is pending.
import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { fieldTexts } from "./lost-list";
import { LOST_NOTE_MAX } from "./rules";
import { useT } from "~/i18n/use-t";

type NoteField = FieldMetadata<string | null | undefined>;

export function LostModeFields({ message, reward }: { message: NoteField; reward: NoteField }) {
  const { t, locale } = useT();
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("lostPage.forFinder")}</legend>
      <p className="text-xs text-slate-600">{t("lostPage.forFinderLead")}</p>
      <Field
        label={t("lostPage.messageLabel")}
        errors={fieldTexts(message.errors, locale)}
        errorId={message.errorId}
        hint={t("lostPage.messageHint")}
        inputProps={{ ...getInputProps(message, { type: "text" }), maxLength: LOST_NOTE_MAX, autoComplete: "off" }}
      />
      <Field
        label={t("lostMode.reward")}
        errors={fieldTexts(reward.errors, locale)}
        errorId={reward.errorId}
        hint={t("lostPage.rewardHint")}
        inputProps={{ ...getInputProps(reward, { type: "text" }), maxLength: LOST_NOTE_MAX, autoComplete: "off" }}
      />
    </fieldset>
  );
}
