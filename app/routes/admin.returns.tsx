// /admin/returns: the way home, counted (issue 49). Per week (from Monday, India time): scans by
// people (bots, link previews, the owner's own scans and reloads by the same client within the
// hour left out), scans that became a finder's message, conversations with a hand-over chosen,
// items marked returned, and the median time from the finder's scan to "I got it back". Only counts
// (features/returns/funnel.server.ts): nothing on this page names an owner, a finder or an item.
// The admin also sets here from which all-time count the landing page shows the returns.
import { data, Form } from "react-router";
import type { Route } from "./+types/admin.returns";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { dbContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { redirectWithToast } from "~/core/toast.server";
import { funnelTotals, funnelWeeks, returnsShownFrom, setReturnsShownFrom } from "~/features/returns/funnel.server";
import { FUNNEL_WEEKS_SHOWN, RETURNS_SHOWN_FROM_MAX } from "~/features/returns/rules";
import { message } from "~/i18n/messages";

export const meta: Route.MetaFunction = () => [{ title: "Returns | Admin | Tagback" }];
export const headers: Route.HeadersFunction = () => NO_STORE;

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [weeks, totals, shownFrom] = await Promise.all([funnelWeeks(db), funnelTotals(db), returnsShownFrom(db)]);
  return { weeks, totals, shownFrom };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (formData.get("intent") !== "shown-from") return unknownIntent();
  const raw = String(formData.get("shownFrom") ?? "").trim();
  const value = raw === "" ? null : /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (value !== null && !(Number.isSafeInteger(value) && value >= 1 && value <= RETURNS_SHOWN_FROM_MAX)) {
    return data({ error: "returnsOwner.thresholdBad" as const, shownFrom: raw }, { status: 400, headers: NO_STORE });
  }
  await setReturnsShownFrom(context.get(dbContext), value);
  return redirectWithToast("/admin/returns", { type: "success", ...message("returnsOwner.thresholdSaved") });
}

/** "3 h", "2.5 d": the median as an admin reads it. */
function duration(seconds: number | null): string {
  if (seconds === null) return "—";
  const hours = seconds / 3600;
  if (hours < 1) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} d`;
}

const percent = (part: number, whole: number) => (whole > 0 ? ` (${Math.round((part / whole) * 100)} %)` : "");

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { weeks, totals, shownFrom } = loaderData;
  const error = actionData ? message(actionData.error) : null;
  return (
    <div className="space-y-8">
      <section aria-labelledby="funnel-title">
        <h2 id="funnel-title" className="text-lg font-bold">
          The way home, per week
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Weeks start on Monday, India time; the newest {FUNNEL_WEEKS_SHOWN}. Scans by people only: bots, link previews, owners' own scans and reloads by the
          same client within the hour are not counted. Only counts: no owner, finder or item is named.
        </p>
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="funnel-table">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th className="py-2 pr-4 font-semibold">Week of</th>
                <th className="py-2 pr-4 font-semibold">Scans</th>
                <th className="py-2 pr-4 font-semibold">Became a message</th>
                <th className="py-2 pr-4 font-semibold">Hand-over chosen</th>
                <th className="py-2 pr-4 font-semibold">Returned</th>
                <th className="py-2 pr-4 font-semibold">Median scan → returned</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {weeks.map((week) => (
                <tr key={week.week} data-testid="funnel-week" data-week={week.week}>
                  <td className="py-2 pr-4 font-mono">{week.week}</td>
                  <td className="py-2 pr-4" data-step="scans">{week.scans}</td>
                  <td className="py-2 pr-4" data-step="messaged">{week.messaged}</td>
                  <td className="py-2 pr-4" data-step="handovers">{week.handovers}</td>
                  <td className="py-2 pr-4" data-step="returned">{week.returned}</td>
                  <td className="py-2 pr-4" data-step="median" data-seconds={week.medianSeconds ?? ""}>
                    {duration(week.medianSeconds)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-sm text-slate-700" data-testid="funnel-totals">
          Since counting began: {totals.scans} scans, {totals.messaged} messages{percent(totals.messaged, totals.scans)}, {totals.handovers} hand-overs,{" "}
          {totals.returned} returned{percent(totals.returned, totals.messaged)} of the messaged.
        </p>
      </section>

      <section aria-labelledby="shown-title" className="rounded-xl border border-slate-200 p-5">
        <h2 id="shown-title" className="text-lg font-bold">
          The count on the landing page
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The landing page says how many items came home through Tagback once the real all-time count reaches this number (it is {totals.returned} now).
          Empty: never shown. {shownFrom === null ? "Not shown now." : totals.returned >= shownFrom ? "Shown now." : "Not shown yet."}
        </p>
        <Form method="post" action="/admin/returns" noValidate className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="shown-from" />
          <div>
            <label htmlFor="shown-from" className="block text-sm font-medium">
              Show from
            </label>
            <input
              id="shown-from"
              name="shownFrom"
              inputMode="numeric"
              defaultValue={(actionData && "shownFrom" in actionData ? actionData.shownFrom : null) ?? shownFrom ?? ""}
              aria-invalid={error ? true : undefined}
              className="mt-1 block w-40 rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          <Button type="submit">Save</Button>
        </Form>
        {error ? (
          <div className="mt-3">
            <FormAlert title={error.title} />
          </div>
        ) : null}
      </section>
    </div>
  );
}
