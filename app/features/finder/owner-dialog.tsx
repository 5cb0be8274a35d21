// The 'Owner Found at the product' dialog: a server-rendered state of the search URL. Open in the
// HTML, closed by a link to the page without the search; with JavaScript also by Escape, back and
// a click outside. It holds the unlock form for a masked bio and, with the finder's consent, the
// button that adds their browser position to the search they just made.
import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { PublicProfileView } from "~/features/finder/public-profile-view";
import type { PublicProfile } from "~/features/finder/public-profile";
import type { SearchQuery } from "~/features/finder/search-input";
import { useDigitBoxes } from "~/core/hooks/use-digit-boxes";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { UNLOCK_DIGIT_COUNT } from "~/features/finder/rules";
import type { FinderActionData, SharedContacts, UnlockMode, UnlockOffer } from "~/features/finder/finder";
import { TOKEN_LENGTH } from "~/features/stickers/rules";

export type OwnerDialogProps = {
  profile: PublicProfile;
  tweetText: string | null;
  query: SearchQuery;
  locationTicket: string | null;
  demoUnmasked: boolean;
  /** The same page without the search (closing the dialog). */
  closeHref: string;
  /** The result of the last unlock attempt on this page. */
  unlockMessage: string | null;
  /** What the unlock form offers, when there is something to unlock. */
  unlockOffer?: UnlockOffer;
  /** What a successful unlock revealed for a signed-in finder. */
  sharedContacts: SharedContacts | null;
};

export function OwnerDialog(props: OwnerDialogProps) {
  const { profile, tweetText, query, closeHref } = props;
  // The last unlock answer says which form comes next, else the search's offer: the 4 digits, or
  // the full token once this profile has had too many wrong digits (features/finder/rules.ts).
  const actionData = useActionData<FinderActionData>();
  const mode: UnlockMode = actionData?.unlock && !actionData.unlock.ok ? actionData.unlock.mode : (props.unlockOffer?.mode ?? "digits");
  return (
    <RouteDialog title="Owner Found at the product" titleId="owner-dialog-title" closeHref={closeHref}>
      <PublicProfileView
        profile={profile}
        tweetText={tweetText}
        unlockMode={mode}
        contactsOnUnlock={props.unlockOffer?.contacts ?? false}
        sharedContacts={props.sharedContacts}
        unlock={<UnlockForm query={query} message={props.unlockMessage} mode={mode} />}
        footer={
          <>
            {profile.kind === "demo" ? <DemoMaskSwitch query={query} unmasked={props.demoUnmasked} /> : null}
            {props.locationTicket ? <ShareLocation ticket={props.locationTicket} /> : null}
          </>
        }
      />
    </RouteDialog>
  );
}

/**
 * Digit mode: four one-digit boxes with JavaScript (paste fills them, backspace goes back); one
 * field without. Token mode: one field for the full token, with or without JavaScript.
 */
function UnlockForm({ query, message, mode }: { query: SearchQuery; message: string | null; mode: UnlockMode }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "unlock";
  const { boxes, boxProps } = useDigitBoxes(UNLOCK_DIGIT_COUNT);
  const tokenField = useRef<HTMLInputElement>(null);
  // After a refused try the boxes start again from the first; the token field keeps its value to fix.
  useEffect(() => {
    if (!message) return;
    if (mode === "token") {
      tokenField.current?.focus();
      tokenField.current?.select();
      return;
    }
    for (const box of boxes.current) if (box) box.value = "";
    boxes.current[0]?.focus();
  }, [message, mode]);

  return (
    <Form method="post" preventScrollReset className="mt-3">
      <input type="hidden" name="intent" value="unlock" />
      <input type="hidden" name="type" value={query.type} />
      <input type="hidden" name="number" value={query.number} />
      {mode === "token" ? (
        <div>
          <label htmlFor="unlock-token" className="block text-sm font-medium">
            Sticker token
          </label>
          <input
            ref={tokenField}
            id="unlock-token"
            name="stickerToken"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={TOKEN_LENGTH + 4}
            placeholder={`${TOKEN_LENGTH} digits`}
            className="mt-1 w-48 rounded-lg border border-amber-300 bg-white px-3 py-2 text-lg tracking-widest"
          />
        </div>
      ) : hydrated ? (
        <fieldset>
          <legend className="text-sm font-medium">Unlock digits</legend>
          <div className="mt-1 flex gap-2">
            {Array.from({ length: UNLOCK_DIGIT_COUNT }, (_, index) => (
              <input
                key={index}
                {...boxProps(index)}
                name="digit"
                aria-label={`Digit ${index + 1} of ${UNLOCK_DIGIT_COUNT}`}
                className="h-12 w-11 rounded-lg border border-amber-300 bg-white text-center text-xl font-semibold text-slate-900"
              />
            ))}
          </div>
        </fieldset>
      ) : (
        <div>
          <label htmlFor="unlock-digits" className="block text-sm font-medium">
            Unlock digits
          </label>
          <input
            id="unlock-digits"
            name="digits"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={UNLOCK_DIGIT_COUNT}
            placeholder={`${UNLOCK_DIGIT_COUNT} digits`}
            className="mt-1 w-32 rounded-lg border border-amber-300 bg-white px-3 py-2 text-lg tracking-widest"
          />
        </div>
      )}
      {message ? (
        <p role="alert" className="mt-2 font-medium text-red-800">
          {message}
        </p>
      ) : null}
      <Button type="submit" variant="warning" disabled={busy} className="mt-3">
        {busy ? "Checking…" : "Unlock"}
      </Button>
    </Form>
  );
}

/** The demo's checkbox: off = the bio is masked (try the unlock), on = shown. Changing it resets the entry. */
function DemoMaskSwitch({ query, unmasked }: { query: SearchQuery; unmasked: boolean }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form method="get" preventScrollReset className="rounded-lg bg-slate-50 p-3 text-sm">
      <input type="hidden" name="type" value={query.type} />
      <input type="hidden" name="number" value={query.number} />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          name="unmasked"
          value="1"
          defaultChecked={unmasked}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
          className="h-4 w-4"
        />
        Show Owner Info without unlock digits (demo: digits are 5678)
      </label>
      {hydrated ? null : (
        <button type="submit" className="mt-2 rounded border border-slate-300 bg-white px-3 py-1 font-medium">
          Apply
        </button>
      )}
    </Form>
  );
}

type ShareState = "idle" | "asking" | "shared" | "failed";

/** Only with JavaScript and only when the finder asks: the browser's position for this search. */
function ShareLocation({ ticket }: { ticket: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<ShareState>("idle");
  if (!hydrated || typeof navigator === "undefined" || !("geolocation" in navigator)) return null;

  function share() {
    setState("asking");
    // The 2 s time-out starts once the finder has allowed the position.
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const response = await fetch("/search/location", {
            method: "POST",
            body: new URLSearchParams({
              ticket,
              latitude: String(position.coords.latitude),
              longitude: String(position.coords.longitude),
            }),
            signal: AbortSignal.timeout(2000),
          });
          setState(response.ok ? "shared" : "failed");
        } catch {
          setState("failed");
        }
      },
      () => setState("failed"),
      { timeout: 2000, maximumAge: 60_000, enableHighAccuracy: false },
    );
  }

  return (
    <div className="text-sm">
      {state === "shared" ? (
        <p role="status" className="text-emerald-800">Your location was shared with the owner.</p>
      ) : (
        <>
          <Button type="button" variant="outline" size="sm" onClick={share} disabled={state === "asking"}>
            Share my location with the owner
          </Button>
          <p className="mt-1 text-xs text-slate-600">Helps the owner know where their item is. Nothing is sent unless you press it.</p>
          {state === "failed" ? (
            <p role="status" className="mt-1 text-red-800">Your location could not be shared.</p>
          ) : null}
        </>
      )}
    </div>
  );
}
