// What both report forms end with (/lost picks a registered item, /lost-found's form takes every
// field): the date the item was lost, lost mode's fields and the submit button, which posts
// intent "report".
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { fieldTexts } from "./lost-list";
import { LostModeFields } from "./lost-mode-fields";
import { useT } from "~/i18n/use-t";

type TextField = FieldMetadata<string | null | undefined>;

type ReportFormTailProps = {
  fields: { dateLost: TextField; message: TextField; reward: TextField };
  /** Today in India: no later date can be picked. */
  today: string;
  /** The button's words, and what it says while the report is on its way. */
  submit: { idle: string; busy: string };
};

export function ReportFormTail({ fields, today, submit }: ReportFormTailProps) {
  const { t, locale } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "report";
  return (
    <>
      <Field
        label={t("lostPage.dateLost")}
        errors={fieldTexts(fields.dateLost.errors, locale)}
        errorId={fields.dateLost.errorId}
        inputProps={{ ...getInputProps(fields.dateLost, { type: "date" }), max: today }}
      />
      <LostModeFields message={fields.message} reward={fields.reward} />
      <Button type="submit" name="intent" value="report" disabled={busy} size="lg">
        {busy ? submit.busy : submit.idle}
      </Button>
    </>
  );
}
