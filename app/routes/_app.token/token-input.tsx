// The token field of Verify Token: one field, the same element in the server's HTML and once React
// runs (issue 34: a field swapped for other elements at hydration lost what a person on a slow phone
// had typed). Script only helps the typing: digits only, grouped 4-4-4 as they come ("1234-5678-9012"),
// a pasted token with tags or separators reduced to its digits, and the digit count for the Verify
// button, read from the field as it is when React starts. It submits as "token"; the server reads
// the digits of whatever is sent.
import { useEffect, useRef } from "react";
import { formatToken } from "~/features/finder/search-number";
import { TOKEN_LENGTH } from "~/features/stickers/rules";
import { FieldMessages } from "~/components/ui/field";
import { useT } from "~/i18n/use-t";

const GROUPS = Math.ceil(TOKEN_LENGTH / 4);
/** The digits and room for the dashes of 1234-5678-9012. */
const FIELD_MAX_LENGTH = TOKEN_LENGTH + GROUPS - 1;

/** Digits only, at most a token's; tags of a pasted snippet of HTML dropped first. */
export function tokenDigits(text: string) {
  return text.replace(/<[^>]*>/g, "").replace(/\D/g, "").slice(0, TOKEN_LENGTH);
}

type TokenInputProps = {
  /** Digits to start with (after a failed submission). */
  defaultValue: string;
  errors?: string[];
  errorId: string;
  /** Called with the number of digits entered, for the Verify button. */
  onCountChange?: (count: number) => void;
};

export function TokenInput({ defaultValue, errors, errorId, onCountChange }: TokenInputProps) {
  const { t } = useT();
  const field = useRef<HTMLInputElement>(null);

  function tidy(input: HTMLInputElement) {
    const digits = tokenDigits(input.value);
    const shown = formatToken(digits);
    if (input.value !== shown) {
      // The caret stays after the same number of digits, so typing in the middle keeps its place.
      const digitsBefore = tokenDigits(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
      input.value = shown;
      const caret = digitsBefore === 0 ? 0 : formatToken(digits.slice(0, digitsBefore)).length;
      if (document.activeElement === input) input.setSelectionRange(caret, caret);
    }
    onCountChange?.(digits.length);
  }

  // From what is in the field when React starts, not from the server's default: it may have been typed already.
  useEffect(() => {
    if (field.current) tidy(field.current);
  }, []);

  return (
    <div>
      <label htmlFor="token-field" className="block text-sm font-medium text-slate-800">
        {t("tokenPage.tokenLabel")}
      </label>
      <input
        ref={field}
        id="token-field"
        name="token"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={FIELD_MAX_LENGTH}
        defaultValue={formatToken(defaultValue)}
        placeholder={t("tokenPage.tokenPlaceholder", { digits: TOKEN_LENGTH })}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${errorId} token-hint` : "token-hint"}
        onInput={(event) => tidy(event.currentTarget)}
        onPaste={(event) => {
          // A pasted token may be longer than the field with its tags or spaces: keep its digits.
          event.preventDefault();
          const input = event.currentTarget;
          const start = input.selectionStart ?? input.value.length;
          const end = input.selectionEnd ?? input.value.length;
          input.value = input.value.slice(0, start) + tokenDigits(event.clipboardData.getData("text")) + input.value.slice(end);
          input.setSelectionRange(input.value.length, input.value.length);
          tidy(input);
        }}
        className="mt-1 block w-full max-w-[20ch] rounded-lg border border-slate-300 px-3 py-2 font-mono text-lg aria-invalid:border-red-500"
      />
      <FieldMessages hint={t("tokenPage.tokenHint", { digits: TOKEN_LENGTH })} hintId="token-hint" errors={errors} errorId={errorId} />
    </div>
  );
}
