// "Share my location" (issue 49): the one part of the finder's path that needs JavaScript. The
// browser's position is asked for only when the finder taps the button (never on load), rounded
// here to the same ~50 m grid the server keeps (finder-location.ts), and put in the form's
// `latitude`, `longitude` and `accuracy` fields: on the "I found this" form it travels with the
// message; on the private page the tap sends it at once. Without JavaScript there is no button and
// the typed place is the way; the fields still carry a position back after a refusal.
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks/use-hydrated";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { roundedLocation, type FinderLocation, type LocationValues } from "./finder-location";
import { LOCATION_MAX_ACCURACY_M, LOCATION_MAX_AGE_MS, LOCATION_TIMEOUT_MS } from "./rules";

const EMPTY: LocationValues = { latitude: "", longitude: "", accuracy: "" };

/** The phone's position, rounded; or the message that says why there is none. */
function currentPosition(): Promise<FinderLocation | MessageKey> {
  return new Promise((resolve) => {
    if (!("geolocation" in navigator)) return resolve("findLocation.unavailable");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (coords.accuracy > LOCATION_MAX_ACCURACY_M) return resolve("findLocation.tooVague");
        resolve(roundedLocation(coords.latitude, coords.longitude, coords.accuracy));
      },
      (error) => resolve(error.code === error.PERMISSION_DENIED ? "findLocation.denied" : "findLocation.unavailable"),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: LOCATION_MAX_AGE_MS },
    );
  });
}

function asValues(location: FinderLocation): LocationValues {
  return { latitude: String(location.latitude), longitude: String(location.longitude), accuracy: String(location.accuracy) };
}

function useShare() {
  const [state, setState] = useState<"idle" | "locating" | MessageKey>("idle");
  async function share(): Promise<FinderLocation | null> {
    setState("locating");
    const outcome = await currentPosition();
    if (typeof outcome === "string") {
      setState(outcome);
      return null;
    }
    setState("idle");
    return outcome;
  }
  return { state, share };
}

function StatusLine({ state }: { state: "idle" | "locating" | MessageKey }) {
  const { t } = useT();
  if (state === "idle") return null;
  return (
    <p className={`mt-1 text-sm ${state === "locating" ? "text-slate-700" : "text-red-700"}`} role="status" data-testid="location-status">
      {t(state === "locating" ? "findLocation.locating" : state)}
    </p>
  );
}

function HiddenFields({ values }: { values: LocationValues }) {
  return (
    <>
      <input type="hidden" name="latitude" value={values.latitude} />
      <input type="hidden" name="longitude" value={values.longitude} />
      <input type="hidden" name="accuracy" value={values.accuracy} />
    </>
  );
}

/** The one tap that asks the browser for the position; `onFound` gets it, rounded. */
function ShareButton({ locating, share, onFound, className }: { locating: boolean; share: () => Promise<FinderLocation | null>; onFound: (found: FinderLocation) => void; className?: string }) {
  const { t } = useT();
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      className={className}
      disabled={locating}
      data-testid="share-location"
      onClick={async () => {
        const found = await share();
        if (found) onFound(found);
      }}
    >
      {t("findLocation.share")}
    </Button>
  );
}

/** On the "I found this" form: the button, and the three fields it fills. */
export function LocationField({ values, error }: { values: LocationValues | undefined; error: MessageKey | undefined }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const [location, setLocation] = useState<LocationValues>(values ?? EMPTY);
  const { state, share } = useShare();
  const attached = location.latitude !== "";
  return (
    <div data-testid="location-field">
      <HiddenFields values={location} />
      {hydrated ? (
        attached ? (
          <div className="flex flex-wrap items-center gap-2 text-sm text-emerald-800">
            <p data-testid="location-attached">{t("findLocation.attached", { metres: Number(location.accuracy) })}</p>
            <Button type="button" size="sm" variant="outline" onClick={() => setLocation(EMPTY)}>
              {t("findLocation.remove")}
            </Button>
          </div>
        ) : (
          <div>
            <ShareButton locating={state === "locating"} share={share} onFound={(found) => setLocation(asValues(found))} />
            <p className="mt-1 text-xs text-slate-600">{t("findLocation.help")}</p>
          </div>
        )
      ) : null}
      <StatusLine state={state} />
      {error ? (
        <p id="location-error" className="mt-1 text-sm text-red-700" data-testid="location-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** On the private page, before anything is shared: one tap asks for the position and sends it. */
export function ShareFromPage({ action }: { action: string }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [location, setLocation] = useState<LocationValues>(EMPTY);
  const { state, share } = useShare();
  if (!hydrated) return null;
  return (
    <Form ref={form} method="post" action={action} className="rounded-lg bg-slate-50 p-3 text-sm" data-testid="share-location-form">
      <input type="hidden" name="intent" value="share-location" />
      <HiddenFields values={location} />
      <p className="text-slate-700">{t("findLocation.shareLead")}</p>
      <ShareButton
        className="mt-2"
        locating={state === "locating"}
        share={share}
        onFound={(found) => {
          // The fields hold it before the form is sent: written now, not at React's next render
          // (waiting a frame for that lost the race on a busy phone, and an empty form was sent).
          flushSync(() => setLocation(asValues(found)));
          form.current?.requestSubmit();
        }}
      />
      <StatusLine state={state} />
    </Form>
  );
}
