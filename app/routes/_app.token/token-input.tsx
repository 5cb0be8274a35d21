// The token field of Verify Token. With JavaScript: TOKEN_LENGTH (12) one-digit boxes in groups
// of four that advance as you type, go back on Backspace and take a pasted token (tags and
// separators are dropped). Without JavaScript: one field. Both submit under the name "token".
import { useEffect } from "react";
import { useDigitBoxes } from "~/core/hooks/use-digit-boxes";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { TOKEN_LENGTH } from "~/features/stickers/rules";

const GROUP = 4;
/** The box indexes, in groups of four: [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]. */
const GROUPS = Array.from({ length: Math.ceil(TOKEN_LENGTH / GROUP) }, (_, group) =>
  Array.from({ length: Math.min(GROUP, TOKEN_LENGTH - group * GROUP) }, (_, offset) => group * GROUP + offset),
);
/** The one field without JavaScript: the digits, and room for the dashes of 1234-5678-9012. */
const FIELD_MAX_LENGTH = TOKEN_LENGTH + GROUPS.length - 1;

type TokenInputProps = {
  /** Digits to start with (after a failed submission). */
  defaultValue: string;
  errors?: string[];
  errorId: string;
  /** Called with the number of digits entered, for the Verify button. */
  onCountChange?: (count: number) => void;
};

export function TokenInput({ defaultValue, errors, errorId, onCountChange }: TokenInputProps) {
  const hydrated = useHydrated();
  const { boxes, boxProps } = useDigitBoxes(TOKEN_LENGTH, count);
  const invalid = errors?.length ? true : undefined;
  const describedBy = errors?.length ? errorId : undefined;

  function count() {
    onCountChange?.(boxes.current.filter((box) => box?.value).length);
  }

  useEffect(() => {
    if (hydrated) count();
  }, [hydrated]);

  const messages = errors?.length ? (
    <p id={errorId} className="mt-1 text-sm text-red-700">
      {errors.join(" ")}
    </p>
  ) : null;

  if (!hydrated) {
    return (
      <div>
        <label htmlFor="token-field" className="block text-sm font-medium text-slate-800">
          Token
        </label>
        <input
          id="token-field"
          name="token"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={FIELD_MAX_LENGTH}
          defaultValue={defaultValue}
          placeholder={`${TOKEN_LENGTH} digits`}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className="mt-1 block w-full max-w-xs rounded-lg border border-slate-300 px-3 py-2 font-mono text-lg tracking-widest aria-invalid:border-red-500"
        />
        <p className="mt-1 text-xs text-slate-600">{`The ${TOKEN_LENGTH} digits printed on your sticker.`}</p>
        {messages}
      </div>
    );
  }

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-800">Token</legend>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
        {GROUPS.map((indexes) => (
          <div
            key={indexes[0]}
            className="flex gap-0.5 sm:gap-1"
            role="group"
            aria-label={`Digits ${indexes[0]! + 1} to ${indexes.at(-1)! + 1}`}
          >
            {indexes.map((index) => (
              <input
                key={index}
                {...boxProps(index)}
                name="token"
                defaultValue={defaultValue[index] ?? ""}
                aria-label={`Token digit ${index + 1} of ${TOKEN_LENGTH}`}
                aria-invalid={invalid}
                className="h-11 w-6 rounded-md border border-slate-300 text-center font-mono text-base font-semibold aria-invalid:border-red-500 sm:w-9 sm:text-lg"
              />
            ))}
          </div>
        ))}
      </div>
      {messages}
    </fieldset>
  );
}
