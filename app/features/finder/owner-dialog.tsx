// The 'Owner Found at the product' dialog: a server-rendered state of the search URL. Open in the
// HTML, closed by a link to the page without the search; with JavaScript also by Escape, back and
// a click outside. It holds the unlock form for a masked bio and, with the finder's consent, the
// button that adds their browser position to the search they just made.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useActionData, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { PublicProfileView } from "~/features/finder/public-profile-view";
import type { PublicProfile } from "~/features/finder/public-profile";
import type { SearchQuery } from "~/features/finder/search-input";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { UNLOCK_DIGIT_COUNT } from "~/features/finder/rules";
import type { FinderActionData, SharedContacts, UnlockMode, UnlockOffer } from "~/features/finder/finder";
import { TOKEN_LENGTH } from "~/features/stickers/rules";
import { MessageOwner } from "~/features/messaging/message-owner";
import { FoundThisButton } from "~/features/finder-contact/found-this-button";
import { MissView, NotActivatedView } from "~/features/finder/miss-view";
import { useT } from "~/i18n/use-t";
import { LanguageSwitch } from "~/components/language-switch";
import type { Tweet } from "~/features/finder/contact-links";
import { LostNotice } from "~/features/lost-found/lost-notice";
import type { LostNotice as LostNoticeData } from "~/features/lost-found/lost-mode";

export type OwnerDialogProps = {
  profile: PublicProfile;
  tweet: Tweet | null;
  query: SearchQuery;
  /** The search was logged as a visit: its location can be shared. */
  visit: boolean;
  demoUnmasked: boolean;
  /** The same page without the search (closing the dialog). */
  closeHref: string;
  /** The result of the last unlock attempt on this page. */
  unlockMessage: string | null;
  /** What the unlock form offers, when there is something to unlock. */
  unlockOffer?: UnlockOffer;
  /** What a successful unlock revealed for a signed-in finder. */
  sharedContacts: SharedContacts | null;
  /** Lost mode: the owner reported this item lost; said first, above the profile. */
  lost?: LostNoticeData | null;
};

export function OwnerDialog(props: OwnerDialogProps) {
  const { profile, tweet, query, closeHref } = props;
  // The last unlock answer says which form comes next, else the search's offer: the 4 digits, or
  // the full token once this profile has had too many wrong digits (features/finder/rules.ts).
  const actionData = useActionData<FinderActionData>();
  const mode: UnlockMode = actionData?.unlock && !actionData.unlock.ok ? actionData.unlock.mode : (props.unlockOffer?.mode ?? "digits");
  const { t } = useT();
  // No owner: said plainly under its own title, with no name or avatar that suggests a person.
  if (profile.kind === "not-found" || profile.kind === "not-activated") {
    const notActivated = profile.kind === "not-activated";
    return (
      <RouteDialog
        title={t(notActivated ? "scan.notActivatedTitle" : "scan.missTitle")}
        titleId="owner-dialog-title"
        closeHref={closeHref}
        closeLabel={t("scan.close")}
      >
        <DialogLanguageSwitch />
        {notActivated ? <NotActivatedView /> : <MissView query={query} searchAgainHref={searchAgainHref(closeHref)} />}
      </RouteDialog>
    );
  }
  // Said before the finder types: the digits (or every unlock) are refused to them for now. Once
  // they have tried, the answer of that try says what is next instead.
  const notice = actionData?.unlock ? undefined : props.unlockOffer?.notice;
  return (
    <RouteDialog title={t("scan.dialogTitle")} titleId="owner-dialog-title" closeHref={closeHref} closeLabel={t("scan.close")}>
      <DialogLanguageSwitch />
      {props.lost ? <LostNotice notice={props.lost} /> : null}
      <PublicProfileView
        profile={profile}
        tweet={tweet}
        unlockMode={mode}
        contactsOnUnlock={props.unlockOffer?.contacts ?? false}
        sharedContacts={props.sharedContacts}
        unlock={
          <>
            {notice ? (
              <p className="mt-2 font-medium text-amber-950" data-testid="unlock-notice">
                {t(`unlock.${notice}`)} {notice === "locked" ? t("unlock.tokenStillWorks") : null}
              </p>
            ) : null}
            {notice === "tokenLocked" ? null : <UnlockForm query={query} message={props.unlockMessage} mode={mode} />}
          </>
        }
        footer={
          <>
            {profile.kind === "demo" ? <DemoMaskSwitch query={query} unmasked={props.demoUnmasked} /> : null}
            {profile.kind === "owner" ? <FoundThisButton query={query} /> : null}
            {profile.kind === "owner" ? <MessageOwner query={query} /> : null}
            {props.visit ? <ShareLocation number={query.number} /> : null}
          </>
        }
      />
    </RouteDialog>
  );
}

/**
 * Digit mode: one field for the four unlock digits; token mode: one field for the full token. The
 * same elements in the server's HTML and once React runs, so digits typed on a slow phone before the
 * scripts came stay (issue 34). Script only keeps the field to digits (and the result page's own
 * script does the same, result-page.browser.ts).
 */
function UnlockForm({ query, message, mode }: { query: SearchQuery; message: string | null; mode: UnlockMode }) {
  const { t } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "unlock";
  const field = useRef<HTMLInputElement>(null);
  // After a refused try the field is selected, so the next digits replace the wrong ones.
  useEffect(() => {
    if (!message) return;
    field.current?.focus();
    field.current?.select();
  }, [message, mode]);
  const digitsOnly = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const digits = input.value.replace(/\D/g, "");
    if (digits !== input.value) input.value = digits;
  };

  return (
    <Form method="post" preventScrollReset className="mt-3">
      <input type="hidden" name="intent" value="unlock" />
      <input type="hidden" name="type" value={query.type} />
      <input type="hidden" name="number" value={query.number} />
      {mode === "token" ? (
        <div>
          <label htmlFor="unlock-token" className="block text-sm font-medium">
            {t("scan.stickerToken")}
          </label>
          <input
            ref={field}
            id="unlock-token"
            name="stickerToken"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={TOKEN_LENGTH + 4}
            placeholder={t("scan.tokenPlaceholder")}
            className="mt-1 w-full max-w-[20ch] rounded-lg border border-amber-300 bg-white px-3 py-2 text-lg"
          />
        </div>
      ) : (
        <div>
          <label htmlFor="unlock-digits" className="block text-sm font-medium">
            {t("scan.unlockDigits")}
          </label>
          <input
            ref={field}
            id="unlock-digits"
            name="digits"
            // The result page's script keeps this field to digits too (result-page.browser.ts).
            data-digits-only
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={UNLOCK_DIGIT_COUNT}
            placeholder={t("scan.digitsPlaceholder")}
            onInput={digitsOnly}
            className="mt-1 w-full max-w-[18ch] rounded-lg border border-amber-300 bg-white px-3 py-2 text-lg"
          />
        </div>
      )}
      {message ? (
        <p role="alert" className="mt-2 font-medium text-red-800">
          {message}
        </p>
      ) : null}
      <Button type="submit" variant="warning" disabled={busy} data-pending-label={t("scan.checking")} className="mt-3">
        {busy ? t("scan.checking") : t("scan.unlockButton")}
      </Button>
    </Form>
  );
}

/** The demo's checkbox: off = the bio is masked (try the unlock), on = shown. Changing it resets the entry. */
function DemoMaskSwitch({ query, unmasked }: { query: SearchQuery; unmasked: boolean }) {
  const { t } = useT();
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
          data-submit-on-change
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
          className="h-4 w-4"
        />
        {t("scan.demoSwitch")}
      </label>
      {hydrated ? null : (
        <button type="submit" data-without-script className="mt-2 rounded border border-slate-300 bg-white px-3 py-1 font-medium">
          {t("scan.apply")}
        </button>
      )}
    </Form>
  );
}

type ShareState = "idle" | "asking" | "shared" | "failed";

/**
 * Only with JavaScript and only when the finder asks: the browser's position for this search. The
 * server finds the visit by the finder's cookie and the number searched (routes/search.location.ts).
 */
function ShareLocation({ number }: { number: string }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const [state, setState] = useState<ShareState>("idle");
  // In the server's HTML, with its texts, for the script of a page that is not hydrated
  // (result-page.browser.ts) to run. It takes its place from the first paint, so nothing moves when
  // the script comes (CLS 0); only a browser without scripting leaves it out.
  if (!hydrated) {
    return (
      <div className="text-sm noscript:hidden" data-share-location data-number={number} data-shared={t("scan.locationShared")} data-failed={t("scan.locationFailed")}>
        <Button type="button" variant="outline" size="sm">
          {t("scan.shareLocation")}
        </Button>
        <p className="mt-1 text-xs text-slate-600">{t("scan.shareLocationHelp")}</p>
        <p role="status" />
      </div>
    );
  }
  if (!("geolocation" in navigator)) return null;

  function share() {
    setState("asking");
    // The 2 s time-out starts once the finder has allowed the position.
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const response = await fetch("/search/location", {
            method: "POST",
            body: new URLSearchParams({
              number,
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
        <p role="status" className="text-emerald-800">{t("scan.locationShared")}</p>
      ) : (
        <>
          <Button type="button" variant="outline" size="sm" onClick={share} disabled={state === "asking"}>
            {t("scan.shareLocation")}
          </Button>
          <p className="mt-1 text-xs text-slate-600">{t("scan.shareLocationHelp")}</p>
          {state === "failed" ? (
            <p role="status" className="mt-1 text-red-800">{t("scan.locationFailed")}</p>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The page's search box without the search: the close link's page, at #find-owner. */
function searchAgainHref(closeHref: string) {
  return closeHref.includes("#") ? closeHref : `${closeHref}#find-owner`;
}

/** The dialog covers the page and its header: a scan's finder switches language here. */
function DialogLanguageSwitch() {
  return <LanguageSwitch id="language-dialog" className="-mt-2 mb-3 text-end" />;
}
