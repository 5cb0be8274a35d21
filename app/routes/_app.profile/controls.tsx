// Form controls of the owner pages that app/components/ui/field.tsx does not have: a text area, a
// checkbox and a switch (a real checkbox with role="switch", so it submits without JavaScript),
// each with its messages under it (field.tsx's FieldMessages).
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { FieldMessages } from "~/components/ui/field";

type Described = { errors?: string[]; errorId?: string; hint?: ReactNode; hintId?: string };

function describedBy({ errors, errorId, hint, hintId }: Described) {
  return [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(" ") || undefined;
}

export function TextArea({
  label,
  textareaProps,
  ...described
}: Described & { label: string; textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; name: string; key?: string } }) {
  const { key, ...props } = textareaProps;
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        key={key}
        rows={4}
        {...props}
        aria-invalid={described.errors?.length ? true : undefined}
        aria-describedby={describedBy(described)}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none aria-invalid:border-red-500"
      />
      <FieldMessages {...described} />
    </div>
  );
}

export function CheckboxField({
  label,
  inputProps,
  asSwitch = false,
  ...described
}: Described & {
  label: string;
  asSwitch?: boolean;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string; key?: string };
}) {
  const { key, ...props } = inputProps;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          key={key}
          {...props}
          type="checkbox"
          role={asSwitch ? "switch" : undefined}
          aria-describedby={describedBy(described)}
          className={
            asSwitch
              ? "relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:left-0.5 before:top-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5"
              : "mt-1 h-4 w-4 shrink-0 rounded border-slate-400 accent-brand-600"
          }
        />
        <label htmlFor={props.id} className="min-w-0 text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      <div className={asSwitch ? "pl-14" : "pl-7"}>
        <FieldMessages {...described} />
      </div>
    </div>
  );
}
