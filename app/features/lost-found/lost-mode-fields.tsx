// Lost mode's two optional fields, near the end of both report forms (report-form-tail.tsx): what
// a finder who scans or searches the item reads first while the report is pending.
import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { fieldTexts } from "./lost-list";
import { LOST_NOTE_MAX } from "./rules";

type NoteField = FieldMetadata<string | null | undefined>;

export function LostModeFields({ message, reward }: { message: NoteField; reward: NoteField }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">For the finder (optional)</legend>
      <p className="text-xs text-slate-600">
        While the report is pending, anyone who scans or searches this item sees first that you lost it, with these two lines.
      </p>
      <Field
        label="Message to the finder"
        errors={fieldTexts(message.errors)}
        errorId={message.errorId}
        hint={`Up to ${LOST_NOTE_MAX} characters, e.g. "Please call, I need it for work".`}
        inputProps={{ ...getInputProps(message, { type: "text" }), maxLength: LOST_NOTE_MAX, autoComplete: "off" }}
      />
      <Field
        label="Reward"
        errors={fieldTexts(reward.errors)}
        errorId={reward.errorId}
        hint={`Up to ${LOST_NOTE_MAX} characters, e.g. "₹500".`}
        inputProps={{ ...getInputProps(reward, { type: "text" }), maxLength: LOST_NOTE_MAX, autoComplete: "off" }}
      />
    </fieldset>
  );
}
