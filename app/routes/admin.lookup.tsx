// 'User Lookup' (spec 001 §2 "Admin panel", §3 "Admin lookup result", §5 "Admin"): an admin finds
// a verified owner's full contact details by token or metro card. A GET form, so a lookup is a
// URL. Every valid lookup is written to the append-only audit trail (admin_lookups) before its
// answer is shown, and the page lists the newest entries. The admin layout's guard runs first.
import { Form, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/admin.lookup";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { dbContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { currentAdmin } from "~/features/admin/guard.server";
import { readLookup } from "~/features/admin/lookup";
import { listLookups, lookUpOwner, type AdminLookupResult } from "~/features/admin/lookup.server";
import { LOOKUP_KIND_LABELS, LOOKUP_KINDS, type LookupKind } from "~/features/admin/rules";
import { METRO_CARD_MAX } from "~/features/owner/rules";
import { TOKEN_LENGTH } from "~/features/stickers/rules";
import { message, type Message } from "~/i18n/messages";

export const meta: Route.MetaFunction = () => [{ title: "User Lookup | Admin | Tagback" }];

export const headers: Route.HeadersFunction = () => NO_STORE;

/**
 * A lookup runs (and is audited) when an admin asks for one: a GET of this URL. A form posted
 * elsewhere while this page is open (with JavaScript) must not repeat it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;

type Outcome =
  | { status: "none" }
  | { status: "invalid"; error: Message }
  | { status: "found"; owner: AdminLookupResult }
  | { status: "not-found"; notice: Message }
  | { status: "failed"; error: Message };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = currentAdmin(context);
  const db = context.get(dbContext);
  const input = readLookup(new URL(request.url).searchParams);
  let outcome: Outcome = { status: "none" };
  if (input.status === "invalid") outcome = { status: "invalid", error: message(input.error) };
  if (input.status === "valid") {
    try {
      const owner = await lookUpOwner(db, admin, input.kind, input.number);
      outcome = owner
        ? { status: "found", owner }
        : { status: "not-found", notice: message(input.kind === "token" ? "admin.noMatchToken" : "admin.noMatchMetroCard") };
    } catch (error) {
      console.error("admin lookup failed", error);
      outcome = { status: "failed", error: message("admin.lookupFailed") };
    }
  }
  const form = input.status === "empty" ? { kind: "token" as LookupKind, number: "" } : { kind: input.kind, number: input.number };
  return { form, outcome, audit: await listLookups(db) };
}

const RESULT_FIELDS: { key: keyof AdminLookupResult; label: string }[] = [
  { key: "fullName", label: "Full name" },
  { key: "email", label: "E-mail" },
  { key: "xUsername", label: "X username" },
  { key: "bio", label: "Bio" },
  { key: "primaryNumber", label: "Primary number" },
  { key: "emergencyNumber", label: "Emergency number (SMS)" },
  { key: "callNumber", label: "Call number" },
  { key: "telegram", label: "Telegram" },
  { key: "whatsapp", label: "WhatsApp" },
];

export default function AdminLookup({ loaderData }: Route.ComponentProps) {
  const { form, outcome, audit } = loaderData;
  const errorId = "lookup-number-error";
  return (
    <div className="space-y-8">
      <section aria-labelledby="lookup-title" className="rounded-xl border border-slate-200 p-5">
        <h2 id="lookup-title" className="text-lg font-bold">
          User Lookup
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Find a verified owner's full contact details. Every lookup is recorded in the audit log below.
        </p>
        <Form method="get" action="/admin/lookup" noValidate className="mt-4 space-y-4" key={`${form.kind}:${form.number}`}>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Look up by</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {LOOKUP_KINDS.map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="type" value={kind} defaultChecked={form.kind === kind} />
                  {LOOKUP_KIND_LABELS[kind]}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="lookup-number" className="block text-sm font-medium text-slate-800">
              Number
            </label>
            <input
              id="lookup-number"
              name="number"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={form.number}
              maxLength={Math.max(TOKEN_LENGTH + 2, METRO_CARD_MAX) + 8}
              aria-invalid={outcome.status === "invalid" ? true : undefined}
              aria-describedby={outcome.status === "invalid" ? errorId : undefined}
              className="mt-1 block w-full max-w-sm rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none aria-invalid:border-red-500"
            />
            {outcome.status === "invalid" ? (
              <p id={errorId} className="mt-1 text-sm text-red-700" data-testid="lookup-error">
                {outcome.error.title}
              </p>
            ) : null}
          </div>
          <Button type="submit">Look up</Button>
        </Form>
      </section>

      {outcome.status === "failed" ? <FormAlert title={outcome.error.title} description={outcome.error.description} data-testid="lookup-failed" /> : null}
      {outcome.status === "not-found" ? (
        <FormAlert title={outcome.notice.title} description={outcome.notice.description} data-testid="lookup-no-match" />
      ) : null}
      {outcome.status === "found" ? <LookupResult owner={outcome.owner} /> : null}

      <AuditLog entries={audit} />
    </div>
  );
}

function LookupResult({ owner }: { owner: AdminLookupResult }) {
  return (
    <section aria-labelledby="result-title" className="rounded-xl border border-emerald-300 bg-emerald-50/40 p-5" data-testid="lookup-result">
      <h2 id="result-title" className="text-lg font-bold">
        Owner found
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {RESULT_FIELDS.map(({ key, label }) => (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900" data-testid={`result-${key}`}>
              {owner[key] ?? <span className="text-slate-500">Not set</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function AuditLog({ entries }: { entries: Route.ComponentProps["loaderData"]["audit"] }) {
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title" className="text-lg font-bold">
        Lookup audit log
      </h2>
      <p className="mt-1 text-sm text-slate-600">The latest {entries.length === 0 ? "" : `${entries.length} `}lookups by any admin, newest first. Entries cannot be changed or removed.</p>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No lookups yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm" data-testid="audit-log">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2" data-testid="audit-entry">
              <p className="min-w-0">
                <span className="text-slate-600">{entry.kind}</span> <span className="font-mono text-slate-900">{entry.value}</span>
                {" · "}
                <span className={entry.found ? "font-semibold text-emerald-800" : "text-slate-700"}>{entry.found ? "Found" : "Not found"}</span>
              </p>
              <p className="min-w-0 text-xs text-slate-600">
                <time dateTime={entry.at}>{entry.when}</time> · <span className="break-all">{entry.adminEmail}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
