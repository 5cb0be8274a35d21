// /settings/data/summary (also reached as /settings/data?view=summary): the owner's data said
// briefly — what we hold, why, and for how long — beside the JSON download that holds all of it.
import { Link } from "react-router";
import type { Route } from "./+types/_app.settings_.data_.summary";
import { Section } from "~/components/ui/section";
import { dbContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { exportOwnData, summaryOf } from "~/features/account/data-export.server";
import { requireUser } from "~/features/account/guards.server";

export const meta: Route.MetaFunction = () => [{ title: "Your data | Tagback" }];

export const headers: Route.HeadersFunction = () => NO_STORE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const data = await exportOwnData(context.get(dbContext), user.id);
  return { email: data.account.email, held: summaryOf(data) };
}

export default function DataSummaryPage({ loaderData }: Route.ComponentProps) {
  const { email, held } = loaderData;
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Your data</h1>
      <p className="text-sm text-slate-700">
        What Tagback holds about <span className="break-all font-medium">{email}</span>, why, and for how long. The download has every
        item in full; nothing in it belongs to anyone else beyond what they already show you (a conversation partner's name, what a
        finder chose to share).
      </p>
      <p className="flex flex-wrap gap-4">
        <a href="/settings/data" className="font-medium text-brand-700 underline" data-testid="download-data">
          Download my data (JSON)
        </a>
        <Link to="/settings" className="font-medium text-brand-700 underline">
          Back to settings
        </Link>
      </p>
      <Section id="held-title" title="What we hold">
        <ul className="divide-y divide-slate-100" data-testid="data-summary">
          {held.map((row) => (
            <li key={row.what} className="py-3 text-sm">
              <p className="font-medium text-slate-900">
                {row.what}: <span data-testid="held-count">{row.count}</span>
              </p>
              <p className="text-slate-700">{row.why}</p>
              <p className="text-slate-600">Kept: {row.kept}.</p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
