// "Share where I am" (issue 49, decision 047): the finder's position, read from the contact form's
// `latitude`, `longitude` and `accuracy` fields (the button fills them; a client without
// JavaScript that knows its position may post them too), checked the same way in the browser and on
// the server, and rounded to about 50 m before anything keeps it. The owner gets two plain links:
// a `geo:` URI (the phone's own map app) and OpenStreetMap's page; no map is embedded, so no third
// party learns that someone opened a finder's thread.
import type { Locale } from "~/core/locale";
import { messageIn, type MessageKey } from "~/i18n/messages";
import { LOCATION_DECIMALS, LOCATION_GRID_DEGREES, LOCATION_MAX_ACCURACY_M, LOCATION_MIN_ACCURACY_M } from "./rules";

export type FinderLocation = { latitude: number; longitude: number; accuracy: number };
export type LocationValues = { latitude: string; longitude: string; accuracy: string };

/** A coordinate on the grid, with at most LOCATION_DECIMALS decimals (no 28.613999999). */
export function toGrid(degrees: number): number {
  const snapped = Math.round(degrees / LOCATION_GRID_DEGREES) * LOCATION_GRID_DEGREES;
  // -0 and 0 are the same place; keep the one that prints as "0".
  return Number(snapped.toFixed(LOCATION_DECIMALS)) || 0;
}

/** The phone's accuracy as stored: whole metres, never finer than the rounding. */
export function storedAccuracy(metres: number): number {
  return Math.max(LOCATION_MIN_ACCURACY_M, Math.ceil(metres));
}

/** A position as it will be kept, from the phone's own reading. */
export function roundedLocation(latitude: number, longitude: number, accuracy: number): FinderLocation {
  return { latitude: toGrid(latitude), longitude: toGrid(longitude), accuracy: storedAccuracy(accuracy) };
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * The three fields: all empty is no position; all three numbers in range is one (rounded);
 * anything else is a refusal with its message key (the whole form comes back, nothing is stored).
 */
export function parseLocation(values: LocationValues): { ok: true; value: FinderLocation | null } | { ok: false; error: MessageKey } {
  const fields = [values.latitude.trim(), values.longitude.trim(), values.accuracy.trim()] as const;
  if (fields.every((field) => field === "")) return { ok: true, value: null };
  if (!fields.every((field) => NUMBER.test(field))) return { ok: false, error: "findLocation.bad" };
  const [latitude, longitude, accuracy] = fields.map(Number) as [number, number, number];
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || !(accuracy >= 0)) return { ok: false, error: "findLocation.bad" };
  if (accuracy > LOCATION_MAX_ACCURACY_M) return { ok: false, error: "findLocation.tooVague" };
  return { ok: true, value: roundedLocation(latitude, longitude, accuracy) };
}

export function locationValuesOf(formData: FormData): LocationValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  return { latitude: text("latitude"), longitude: text("longitude"), accuracy: text("accuracy") };
}

/** "28.6135,77.209": the stored coordinates as the links carry them. */
function pair({ latitude, longitude }: Pick<FinderLocation, "latitude" | "longitude">): string {
  return `${latitude},${longitude}`;
}

/** Opens the phone's map app at the place (RFC 5870; Android and most map apps read `?q=`). */
export function geoUri(location: Pick<FinderLocation, "latitude" | "longitude">): string {
  return `geo:${pair(location)}?q=${pair(location)}`;
}

/** OpenStreetMap's own page with a marker: a plain link, for a computer or a phone without a map app. */
export function osmUrl({ latitude, longitude }: Pick<FinderLocation, "latitude" | "longitude">): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/** The lines of the owner's alert mail about a shared position, in the owner's language (none when there is none). */
export function locationMailLines(location: FinderLocation | null | undefined, locale: Locale): string[] {
  if (!location) return [];
  return [
    messageIn(locale, "ownerMail.locationLead", { metres: location.accuracy }).title,
    messageIn(locale, "ownerMail.locationMapApp", { link: geoUri(location) }).title,
    messageIn(locale, "ownerMail.locationOsm", { link: osmUrl(location) }).title,
  ];
}

/** A push preview with the position's map link after it (only where the owner allowed previews), in the owner's language. */
export function withLocationPreview(body: string, location: FinderLocation | null | undefined, locale: Locale): string {
  return location ? `${body}\n${messageIn(locale, "ownerPush.location", { link: osmUrl(location) }).title}` : body;
}
