// The finder's private page: the private link to keep, where the thread stands, the messages and
// the answer form. Every word is in the finder's language (area `contact` of app/i18n).
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { typedBeforeHydration, useHydrated } from "~/core/hooks/use-hydrated";
import { istTime } from "~/core/india-time";
import { containsProfanity } from "~/core/profanity";
import type { Handover } from "~/features/finder-contact/rules";
import { ShareFromPage } from "~/features/finder-contact/share-location";
import { mergeMessages } from "~/features/messaging/chat-panel";
import type { LiveMessage } from "~/features/messaging/live-message";
import { cleanMessage } from "~/features/messaging/message-input";
import { MessageList } from "~/features/messaging/message-list";
import { MESSAGE_MAX_LENGTH } from "~/features/messaging/rules";
import { useLiveUpdates } from "~/features/messaging/use-live-updates";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";

export type ReplyResult = { ok: true } | { ok: false; error: MessageKey; content: string };

type ThreadData = {
  me: string;
  ownerName: string;
  messages: LiveMessage[];
  state: "sent" | "read" | "answered";
  handover: Handover;
  handoverPlace: string | null;
  foundWhere: string | null;
  mailed: boolean;
  path: string;
  link: string;
  justSent: boolean;
  /** Whether the owner's alert went out (null: none was owed). */
  ownerNotified: { state: "notified" | "telling" | "retrying" | "failed"; time: string | null } | null;
  sendKey: string;
  location: { time: string; metres: number } | null;
  returned: { note: string | null } | null;
};

const NOTIFIED_TEXT: Record<NonNullable<ThreadData["ownerNotified"]>["state"], MessageKey> = {
  notified: "contact.ownerNotified",
  telling: "contact.ownerBeingTold",
  retrying: "contact.ownerStillTrying",
  failed: "contact.ownerNotReached",
};

const STATE_TEXT: Record<ThreadData["state"], MessageKey> = {
  sent: "contact.stateSent",
  read: "contact.stateRead",
  answered: "contact.stateAnswered",
};

const HANDOVER_TEXT: Record<Handover, MessageKey> = {
  keep: "contact.handoverKeep",
  metro_counter: "contact.handoverMetroCounter",
  police: "contact.handoverPolice",
  place: "contact.handoverPlace",
};

export function ThreadPage({ data, refused }: { data: ThreadData; refused: { error: MessageKey; content: string } | null }) {
  const { t, locale } = useT();
  const hydrated = useHydrated();
  const [live, setLive] = useState<LiveMessage[]>([]);
  const { live: connected } = useLiveUpdates({
    url: `${data.path}/events`,
    // Closed or deleted by the owner: the same address now says the link is dead.
    onDeletedGoTo: data.path,
    // The stream's time is the owner's (English); the finder reads it in their language.
    onMessage: (one) => setLive((current) => [...current, { ...one, time: istTime(new Date(one.createdAt), locale) }]),
  });
  const shown = mergeMessages(data.messages, live);

  return (
    <section aria-labelledby="thread-title" className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-6">
      <h1 id="thread-title" className="min-w-0 text-2xl font-black tracking-tight text-brand-900">
        {t("contact.threadTitle", { name: data.ownerName || t("common.tagbackUser") })}
      </h1>
      {data.justSent ? <FormAlert tone="success" title={t("contact.sentNotice")} data-testid="sent-notice" /> : null}
      {data.ownerNotified ? (
        <p className="text-sm text-slate-700" data-testid="owner-notified" data-state={data.ownerNotified.state}>
          {t(NOTIFIED_TEXT[data.ownerNotified.state], { time: data.ownerNotified.time ?? "" })}
        </p>
      ) : null}

      {data.returned ? <ReturnedNotice note={data.returned.note} /> : null}

      <PrivateLink link={data.link} mailed={data.mailed} />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          className={`rounded-full px-3 py-1 text-sm font-semibold ${data.state === "sent" ? "bg-slate-100 text-slate-700" : "bg-emerald-50 text-emerald-800"}`}
          data-testid="thread-state"
          data-state={data.state}
          role="status"
        >
          {t(STATE_TEXT[data.state])}
        </p>
        {hydrated ? (
          <span className="flex items-center gap-1 text-xs text-slate-600" data-testid="live-status" data-live={connected ? "true" : "false"}>
            <span aria-hidden="true" className={`h-2 w-2 rounded-full ${connected ? "bg-emerald-500" : "bg-slate-300"}`} />
            {connected ? t("contact.live") : t("contact.connecting")}
          </span>
        ) : (
          <a href={data.path} className="text-sm font-medium text-brand-700 underline" data-testid="refresh">
            {t("contact.refresh")}
          </a>
        )}
      </div>

      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <span className="font-medium">{t("contact.yourHandover")}</span> {t(HANDOVER_TEXT[data.handover])}
        {data.handover === "place" && data.handoverPlace ? ` ${data.handoverPlace}` : ""}
        {data.foundWhere ? (
          <>
            <br />
            <span className="font-medium">{t("contact.foundWhereShown")}</span> {data.foundWhere}
          </>
        ) : null}
      </p>

      {data.location ? (
        <Form method="post" action={data.path} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="location-shared">
          <input type="hidden" name="intent" value="withdraw-location" />
          <p>{t("findLocation.shared", { time: data.location.time, metres: data.location.metres })}</p>
          <Button type="submit" size="sm" variant="outline" className="mt-2">
            {t("findLocation.withdraw")}
          </Button>
        </Form>
      ) : data.returned ? null : (
        <ShareFromPage action={data.path} />
      )}

      <MessageList
        messages={shown}
        me={data.me}
        className="space-y-2"
        bubbleWidth="max-w-[85%]"
        senderLabel={(mine) => (mine ? t("contact.you") : t("contact.owner"))}
      />
      {data.returned ? null : <ReplyForm action={data.path} sendKey={data.sendKey} refused={refused} />}
      {/* A refusal of the location forms (a bad position) has no reply form to show it in. */}
      {data.returned && refused ? <FormAlert title={t(refused.error)} data-testid="reply-error" /> : null}
    </section>
  );
}

/** "Returned to its owner — thank you", with the owner's own line (issue 49). */
function ReturnedNotice({ note }: { note: string | null }) {
  const { t } = useT();
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-emerald-950" data-testid="returned-notice" role="status">
      <p className="text-lg font-bold">{t("returns.returned")}</p>
      <p className="mt-1 text-sm">{t("returns.returnedLead")}</p>
      {note ? (
        <p className="mt-2 text-sm">
          <span className="font-medium">{t("returns.ownerNote")}</span> <q data-testid="returned-note">{note}</q>
        </p>
      ) : null}
    </div>
  );
}

function PrivateLink({ link, mailed }: { link: string; mailed: boolean }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <label htmlFor="private-link" className="font-semibold">
        {t("contact.linkTitle")}
      </label>
      <input
        id="private-link"
        readOnly
        value={link}
        data-testid="private-link"
        className="mt-1 block w-full rounded border border-amber-300 bg-white px-2 py-1 font-mono text-xs"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="mt-1">{t("contact.linkHelp")}</p>
      {mailed ? <p className="mt-1">{t("contact.linkMailed")}</p> : null}
      {hydrated && typeof navigator !== "undefined" && navigator.clipboard ? (
        <Button type="button" size="sm" variant="outline" className="mt-2" onClick={copy}>
          {copied ? t("contact.copied") : t("contact.copyLink")}
        </Button>
      ) : null}
    </div>
  );
}

function ReplyForm({ action, sendKey, refused }: { action: string; sendKey: string; refused: { error: MessageKey; content: string } | null }) {
  const { t, m } = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ReplyResult>({ key: `reply:${action}` });
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(() => typedBeforeHydration("reply-content", refused?.content ?? ""));
  const busy = fetcher.state !== "idle";
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && fetcher.state === "idle" && fetcher.data?.ok) setText("");
    wasBusy.current = fetcher.state !== "idle";
  }, [fetcher.state, fetcher.data]);

  const serverError = fetcher.data && !fetcher.data.ok ? fetcher.data.error : (refused?.error ?? null);
  const error = serverError ? m(serverError) : null;
  const cleaned = cleanMessage(text);
  const nsfw = hydrated && containsProfanity(cleaned);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!busy) form.current?.requestSubmit();
    }
  }

  return (
    <fetcher.Form ref={form} method="post" action={action} className="space-y-2" data-testid="reply-form">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="clientKey" value={sendKey} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      {error ? <FormAlert title={error.title} description={error.description} data-testid="reply-error" /> : null}
      <label htmlFor="reply-content" className="block text-sm font-medium text-slate-800">
        {t("contact.replyLabel")}
      </label>
      <textarea
        id="reply-content"
        name="content"
        rows={2}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={t("contact.replyPlaceholder")}
        className="block w-full resize-none rounded-lg border border-slate-300 px-3 py-2"
      />
      <div className="flex items-start justify-between gap-3">
        <div className="text-xs text-slate-600" aria-live="polite">
          {nsfw ? <p className="font-medium text-red-800">{t("contact.notSent")}</p> : null}
          <p className={cleaned.length > MESSAGE_MAX_LENGTH ? "font-medium text-red-800" : undefined}>
            {hydrated ? `${cleaned.length}/${MESSAGE_MAX_LENGTH}` : t("contact.replyHelp")}
          </p>
        </div>
        <Button type="submit" disabled={busy}>
          {t("contact.replySend")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
