// The token field of Verify Token. With JavaScript: 12 one-digit boxes in groups of four that
// advance as you type, go back on Backspace and take a pasted token (tags and separators are
// dropped). Without JavaScript: one 12-digit field. Both submit under the name "token".
import { useEffect } from "react";
import { useDigitBoxes } from "~/core/hooks/use-digit-boxes";
import { useHydrated } from "~/core/hooks/use-hydrated";



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
  const { boxes, boxProps } = useDigitBoxes(12, count);
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
          maxLength={14}
          defaultValue={defaultValue}
          placeholder="12 digits"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className="mt-1 block w-full max-w-xs rounded-lg border border-slate-300 px-3 py-2 font-mono text-lg tracking-widest aria-invalid:border-red-500"
        />
        <p className="mt-1 text-xs text-slate-600">The 12 digits printed on your sticker.</p>
        {messages}
      </div>
    );
  }

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-800">Token</legend>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
        {[0, 1, 2].map((group) => (
          <div key={group} className="flex gap-0.5 sm:gap-1" role="group" aria-label={`Digits ${group * 4 + 1} to ${group * 4 + 4}`}>
            {[0, 1, 2, 3].map((offset) => {
              const index = group * 4 + offset;
              return (
                <input
                  key={index}
                  {...boxProps(index)}
                  name="token"
                  defaultValue={defaultValue[index] ?? ""}
                  aria-label={`Token digit ${index + 1} of 12`}
                  aria-invalid={invalid}
                  className="h-11 w-6 rounded-md border border-slate-300 text-center font-mono text-base font-semibold aria-invalid:border-red-500 sm:w-9 sm:text-lg"
                />
              );
            })}
          </div>
        ))}
      </div>
      {messages}
    </fieldset>
  );
}
