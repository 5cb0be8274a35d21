// What the parts of /token share: the intents of its forms, a form's busy state, a token written
// in groups, and the texts of a refused form (its errors are message keys of app/i18n/en.ts).
import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { isMessageKey, messageIn, messageOf, type Locale, type MessageKey } from "~/i18n/messages";
import { useLocale } from "~/i18n/use-t";

export type Intent =
  | "verify-token"
  | "remove-token"
  | "add-product"
  | "rename-product"
  | "delete-product"
  | "lock-screen-line"
  | "lock-screen-card"
  | "reprint";

/** What the server answered to a form's last post, when it refused it. */
export type LastResult = SubmissionResult<string[]> | undefined;

/** "123456789012" → "1234-5678-9012" */
export function grouped(token: string) {
  return (token.match(/\d{1,4}/g) ?? []).join("-");
}

/** True while this intent's form is being posted. */
export function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The alert above a refused form: the title and text of its first error. */
export function ErrorAlert({ errors, fallback }: { errors?: string[] | null; fallback: MessageKey }) {
  const locale = useLocale();
  const first = errors?.[0];
  if (!first) return null;
  const { title, description } = messageOf(first, fallback, locale);
  return <FormAlert title={title} description={description} />;
}

/** The texts under a field: each error key's description (or title); anything else as it is. */
export function errorTexts(errors: string[] | undefined, locale: Locale): string[] | undefined {
  return errors?.map((error) => {
    if (!isMessageKey(error)) return error;
    const { title, description } = messageIn(locale, error);
    return description ?? title;
  });
}
