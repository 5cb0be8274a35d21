// 'Demo Management' (spec 001 §2 "Admin panel", §7 demo_locations and demo_search_logs): add a
// demo location, list them newest first with a copyable demo link (APP_URL/?demo={name}) and the
// last searches through it, and delete one with its log. Deleting asks first, as a page state
// (?confirm=name) with its own form, so it works without JavaScript. The admin layout's guard runs
// before this loader and action.
import { data, Form, Link } from "react-router";
import { useState } from "react";
import type { Route } from "./+types/admin.demo";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { dbContext } from "~/core/context";
import { getEnv } from "~/core/env.server";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { redirectWithToast } from "~/core/toast.server";
import {
  addDemoLocation,
  deleteDemoLocation,
  demoLocationExists,
  demoLocationName,
  listDemoLocations,
  type DemoLocationView,
} from "~/features/admin/demo.server";
import { NO_STORE } from "~/core/no-store";
import { DEMO_LOCATION_MAX, DEMO_LOG_SHOWN } from "~/features/admin/rules";
import { message, type MessageKey } from "~/i18n/messages";

export const meta: Route.MetaFunction = () => [{ title: "Demo Management | Admin | Tagback" }];

export const headers: Route.HeadersFunction = () => NO_STORE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const confirmParam = new URL(request.url).searchParams.get("confirm");
  const confirm = confirmParam === null ? null : demoLocationName(confirmParam);
  const locations = await listDemoLocations(db, getEnv().APP_URL);
  return { locations, confirm: confirm && (await demoLocationExists(db, confirm)) ? confirm : null };
}

function refused(error: MessageKey, name: string, status = 400) {
  return data({ error, name }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const form = await readForm(request);
  const intent = form.get("intent");
  const raw = form.get("name");
  const name = typeof raw === "string" ? demoLocationName(raw) : "";
  if (intent === "add") {
    if (name === "") return refused("admin.locationRequired", "");
    if (name.length > DEMO_LOCATION_MAX) return refused("admin.locationTooLong", typeof raw === "string" ? raw : "");
    // The primary key decides: two admins adding the same name at once cannot both succeed.
    if ((await addDemoLocation(db, name)) === "taken") return refused("admin.locationTaken", typeof raw === "string" ? raw : "", 409);
    return redirectWithToast("/admin/demo", { type: "success", ...message("admin.locationAdded") });
  }
  if (intent === "delete") {
    if (!(await deleteDemoLocation(db, name))) return redirectWithToast("/admin/demo", { type: "error", ...message("admin.locationMissing") });
    return redirectWithToast("/admin/demo", { type: "success", ...message("admin.locationDeleted") });
  }
  return unknownIntent();
}

export default function DemoManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { locations, confirm } = loaderData;
  const error = actionData && "name" in actionData ? message(actionData.error) : null;
  const errorId = "location-name-error";
  return (
    <div className="space-y-8">
      {confirm ? <ConfirmDelete name={confirm} /> : null}

      <section aria-labelledby="add-title" className="rounded-xl border border-slate-200 p-5">
        <h2 id="add-title" className="text-lg font-bold">
          Add a demo location
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A demo link opens the finder with the demo profile and records each search made through it, with its time and IP address. Names are stored in
          lower case.
        </p>
        <Form method="post" action="/admin/demo" noValidate className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="add" />
          {error?.description ? <FormAlert title={error.title} description={error.description} /> : null}
          <Field
            label="Location name"
            errors={error ? [error.description ? error.description : error.title] : undefined}
            errorId={errorId}
            inputProps={{
              id: "location-name",
              name: "name",
              required: true,
              maxLength: DEMO_LOCATION_MAX,
              autoComplete: "off",
              defaultValue: actionData && "name" in actionData ? actionData.name : "",
              key: actionData && "name" in actionData ? `err-${actionData.name}` : "empty",
            }}
          />
          <Button type="submit">Add location</Button>
        </Form>
      </section>

      <section aria-labelledby="locations-title">
        <h2 id="locations-title" className="text-lg font-bold">
          Demo locations
        </h2>
        {locations.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No demo locations yet.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {locations.map((location) => (
              <DemoLocation key={location.name} location={location} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ConfirmDelete({ name }: { name: string }) {
  return (
    <section role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-text" className="rounded-xl border border-red-300 bg-red-50 p-5" data-testid="confirm-delete">
      <h2 id="confirm-title" className="text-lg font-bold text-red-900">
        Delete “{name}”?
      </h2>
      <p id="confirm-text" className="mt-1 text-sm text-red-900">
        The location and its whole demo search log are deleted. Its demo link stops being logged. This cannot be undone.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action="/admin/demo">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="name" value={name} />
          <Button type="submit" variant="danger">
            Delete location
          </Button>
        </Form>
        <ButtonLink to="/admin/demo" variant="outline">
          Cancel
        </ButtonLink>
      </div>
    </section>
  );
}

function DemoLocation({ location }: { location: DemoLocationView }) {
  const linkId = `demo-link-${location.name.replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <li className="rounded-xl border border-slate-200 p-5" data-testid="demo-location" data-name={location.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-bold break-all">{location.name}</h3>
          <p className="text-xs text-slate-600">
            Added <time dateTime={location.createdAt}>{location.created}</time>
          </p>
        </div>
        <Link
          to={`/admin/demo?${new URLSearchParams({ confirm: location.name })}`}
          className="text-sm font-semibold text-red-700 underline"
          aria-label={`Delete ${location.name}`}
        >
          Delete
        </Link>
      </div>
      <div className="mt-3">
        <label htmlFor={linkId} className="block text-sm font-medium text-slate-800">
          Demo link
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={linkId}
            readOnly
            value={location.link}
            className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
            data-testid="demo-link"
          />
          <CopyButton text={location.link} />
        </div>
      </div>
      <details className="mt-3" open={location.searches.length > 0 && location.searches.length <= 5}>
        <summary className="cursor-pointer text-sm font-medium text-slate-800">
          Demo searches: {location.searches.length === DEMO_LOG_SHOWN ? `latest ${DEMO_LOG_SHOWN}` : location.searches.length}
        </summary>
        {location.searches.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No searches through this link yet.</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm" data-testid="demo-log">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">Time (IST)</th>
                <th scope="col" className="py-1 font-medium">IP address</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {location.searches.map((search) => (
                <tr key={search.id}>
                  <td className="py-1 pr-4">
                    <time dateTime={search.at}>{search.when}</time>
                  </td>
                  <td className="py-1 font-mono">{search.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </li>
  );
}

/** With JavaScript, copies the link; without, the readonly field beside it can be selected and copied. */
function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated || typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="shrink-0"
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
    >
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}
