// POST /search/location: with the finder's consent, the browser's position for the search this
// client just made. The row is named by a signed, short-lived ticket in the finder's cookie
// (location-ticket.server.ts) and the number the page searched, so a client can only ever touch its
// own search, once.
import { data } from "react-router";
import type { Route } from "./+types/search.location";
import { isCrossSiteWrite } from "../../server/cross-site";
import { visitsOf } from "~/features/finder/location-ticket.server";
import { updateSearchLocation } from "~/features/finder/search-history.server";
import { dbContext } from "~/core/context";
import { readForm } from "~/middleware/read-form.server";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false }, { status: 405, headers: { Allow: "POST" } });
  const origin = request.headers.get("origin") ?? undefined;
  const secFetchSite = request.headers.get("sec-fetch-site") ?? undefined;
  // server.js refuses cross-site writes for every route; this resource route checks again, and
  // also wants proof that a browser page of ours sent it (Origin or Sec-Fetch-Site present).
  if (
    isCrossSiteWrite({ method: request.method, secFetchSite, origin, requestOrigin: new URL(request.url).origin }) ||
    (!origin && !secFetchSite)
  ) {
    return data({ ok: false }, { status: 403 });
  }
  const form = await readForm(request);
  const visits = await visitsOf(request.headers.get("Cookie"));
  const number = String(form.get("number") ?? "");
  const latitude = Number(form.get("latitude"));
  const longitude = Number(form.get("longitude"));
  const valid =
    visits.length > 0 &&
    number !== "" &&
    form.get("latitude") !== null &&
    form.get("longitude") !== null &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180;
  if (!valid) return data({ ok: false }, { status: 400 });
  const updated = await updateSearchLocation(context.get(dbContext), visits, number, latitude, longitude);
  return data({ ok: updated }, { status: updated ? 200 : 409 });
}

export function loader() {
  return data({ ok: false }, { status: 405, headers: { Allow: "POST" } });
}
