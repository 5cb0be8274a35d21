// The message box above a form (or a search) after the server refused it: role "alert" for an
// error, "status" for a success, so screen readers announce it when the page renders.

type FormAlertProps = {
  title: string;
  description?: string;
  tone?: "error" | "success";
  id?: string;
  "data-testid"?: string;
};

const TONES = {
  error: "border-red-300 bg-red-50 text-red-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
} as const;

export function FormAlert({ title, description, tone = "error", id, "data-testid": testId }: FormAlertProps) {
  return (
    <div id={id} role={tone === "error" ? "alert" : "status"} data-testid={testId} className={`rounded-lg border p-3 text-sm ${TONES[tone]}`}>
      <p className="font-semibold">{title}</p>
      {description ? <p className="mt-0.5">{description}</p> : null}
    </div>
  );
}
