// The chat panel's parts: the respect banner, the merge of stored and live messages (message-list.tsx
// shows them), and the composer. Without JavaScript the composer is a plain form (post, redirect,
// the page shows the message); with it the form posts in the background, Ctrl/Cmd+Enter sends, and
// typing shows the length and a warning when the profanity check would refuse the text. The server
// checks everything again either way.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { typedBeforeHydration, useHydrated } from "~/core/hooks/use-hydrated";
import { containsProfanity } from "~/core/profanity";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import type { LiveMessage } from "./live-message";
import { cleanMessage } from "./message-input";
import { MESSAGE_MAX_LENGTH } from "./rules";

export function RespectBanner() {
  const { t } = useT();
  return (
    <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="respect-banner">
      {t("messagingPage.respect")}
    </p>
  );
}

/** Loader messages and live ones together: each once, in time order. */
export function mergeMessages(stored: LiveMessage[], live: LiveMessage[]): LiveMessage[] {
  const byId = new Map<string, LiveMessage>();
  for (const one of [...stored, ...live]) byId.set(one.id, one);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** What the send action answers a background post (a plain post is redirected instead). */
/** A send's answer; `error: null` is the draft kept when the language was switched (issue 48). */
export type SendResult = { ok: true } | { ok: false; error: MessageKey | null; content: string };

/** The composer's form: the language switch sends it with what was typed (RouteHandle.draftForm). */
export const COMPOSER_FORM = "composer";

type ComposerProps = {
  action: string;
  /** This form's idempotency key: the same form posted twice stores its text once. */
  sendKey: string;
  /** A plain post's refusal (or a language switch's draft: no error), with the text to put back. */
  refused: { error: MessageKey | null; content: string } | null;
};

export function Composer({ action, sendKey, refused }: ComposerProps) {
  const { t, m } = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher<SendResult>({ key: `send:${action}` });
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(() => typedBeforeHydration("message-content", refused?.content ?? ""));
  const busy = fetcher.state !== "idle";

  // A background post that went through empties the box (unless the user has typed on meanwhile);
  // a refused one keeps the text.
  const wasBusy = useRef(false);
  const submitted = useRef<string | null>(null);
  useEffect(() => {
    if (wasBusy.current && fetcher.state === "idle" && fetcher.data?.ok) {
      setText((current) => (current === submitted.current ? "" : current));
    }
    wasBusy.current = fetcher.state !== "idle";
  }, [fetcher.state, fetcher.data]);

  const serverError = fetcher.data && !fetcher.data.ok ? fetcher.data.error : (refused?.error ?? null);
  const cleaned = cleanMessage(text);
  const nsfw = hydrated && containsProfanity(cleaned);
  const tooLong = cleaned.length > MESSAGE_MAX_LENGTH;

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!busy) form.current?.requestSubmit();
    }
  }

  const error = serverError ? m(serverError) : null;
  return (
    <fetcher.Form
      id={COMPOSER_FORM}
      ref={form}
      method="post"
      action={action}
      onSubmit={() => (submitted.current = text)}
      className="space-y-2"
      data-testid="composer"
    >
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="clientKey" value={sendKey} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      {error ? <FormAlert title={error.title} description={error.description} data-testid="send-error" /> : null}
      <label htmlFor="message-content" className="sr-only">
        {t("messagingPage.messageLabel")}
      </label>
      <textarea
        id="message-content"
        name="content"
        rows={2}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={t("messagingPage.placeholder")}
        aria-describedby="message-help"
        className="block w-full resize-none rounded-lg border border-slate-300 px-3 py-2"
      />
      <div className="flex items-start justify-between gap-3">
        <div id="message-help" className="text-xs text-slate-600" aria-live="polite">
          {nsfw ? (
            <p className="font-medium text-red-800" data-testid="nsfw-warning">
              {t("messaging.nsfwWarning")}
            </p>
          ) : null}
          {hydrated ? (
            <p className={tooLong ? "font-medium text-red-800" : undefined}>
              {cleaned.length}/{MESSAGE_MAX_LENGTH}
              <span className="hidden sm:inline"> · {t("messagingPage.ctrlEnter")}</span>
            </p>
          ) : (
            <p>{t("messagingPage.atMost")}</p>
          )}
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? t("messagingPage.sending") : t("contact.replySend")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
