/**
 * An on/off switch that is a form's submit button: the form beside it posts the opposite value, so
 * it works without JavaScript. Named and described by the setting's own text (ids passed in).
 */
export function SwitchButton({ on, labelId, descriptionId, testId }: { on: boolean; labelId: string; descriptionId: string; testId: string }) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      data-testid={testId}
      className={`relative mt-1 h-7 w-12 shrink-0 rounded-full transition-colors ${on ? "bg-brand-600" : "bg-slate-400"}`}
    >
      <span aria-hidden="true" className={`absolute left-1 top-1 h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : ""}`} />
    </button>
  );
}
