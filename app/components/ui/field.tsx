import type { InputHTMLAttributes, ReactNode } from "react";

type FieldProps = {
  label: string;
  errors?: string[];
  errorId?: string;
  hint?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string; key?: string | undefined };
};

/** A labelled input with its server or browser messages under it. */
export function Field({ label, errors, errorId, hint, inputProps }: FieldProps) {
  const { key, ...props } = inputProps;
  const describedBy = errors?.length ? errorId : undefined;
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        key={key}
        {...props}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-[min(0.75rem,3vw)] py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none aria-invalid:border-red-500"
      />
      <FieldMessages hint={hint} errors={errors} errorId={errorId} />
    </div>
  );
}

/** The hint and the errors under a field, the way every field shows them (`hintId` when the input names the hint). */
export function FieldMessages({ hint, hintId, errors, errorId }: { hint?: ReactNode; hintId?: string; errors?: string[]; errorId?: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </>
  );
}
