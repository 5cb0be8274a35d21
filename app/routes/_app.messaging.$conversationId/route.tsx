// /messaging/{conversationId}: one conversation (spec 001 §2, §4). Only its participants read it,
// send to it and delete it; anyone else, and any made-up id, gets 404 and changes nothing.
// Opening it marks it read. Without JavaScript: the messages, a Refresh link and a plain send form
// (post, redirect back). With it: new messages arrive live over /messaging/{id}/events.
import { useState } from "react";
import { data, isRouteErrorResponse, Link, replace, useRouteError } from "react-router";
import type { Route } from "./+types/route";
import type { Db } from "../../../db/connection";
import type { Locale } from "~/core/locale";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { dbContext } from "~/core/context";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { NO_STORE } from "~/core/no-store";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { redirectWithToast } from "~/core/toast.server";
import { requireUser } from "~/features/account/guards.server";
import { COMPOSER_FORM, Composer, mergeMessages, RespectBanner, type SendResult } from "~/features/messaging/chat-panel";
import type { RouteHandle } from "~/core/route-handle";
import { languageSwitchOf } from "~/features/account/language-draft.server";
import { PersonAvatar } from "~/features/messaging/contact-list";
import { conversationFor, deleteConversation, markRead, readMessages, sendMessage } from "~/features/messaging/conversations.server";
import type { LiveMessage } from "~/features/messaging/live-message";
import { announceDeleted, announceMessage } from "~/features/messaging/live.server";
import { sendMessageSchema } from "~/features/messaging/message-input";
import { MessageList } from "~/features/messaging/message-list";
import { useLiveUpdates } from "~/features/messaging/use-live-updates";
import { FinderThreadPanel } from "~/features/finder-contact/finder-thread-panel";
import { asFinderConversation, finderThreadOpenedBy } from "~/features/finder-contact/owner-thread.server";
import { queueOwnerAnswerMail } from "~/features/finder-contact/alerts.server";
import { finderThreadForOwner } from "~/features/finder-contact/threads.server";
import { markReturned, parseThankYou, undoReturn } from "~/features/returns/returns.server";
import { indiaTime } from "~/core/india-time";
import { messageIn, type MessageKey } from "~/i18n/messages";
import { metaT, useT } from "~/i18n/use-t";
import { localeContext } from "~/middleware/i18n";
import { DeleteConfirm } from "./delete-confirm";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = metaT(matches);
  return [{ title: loaderData?.conversation ? t("messagingPage.metaTitleWith", { name: loaderData.conversation.other.name }) : t("messagingPage.metaTitle") }];
};
export const headers: Route.HeadersFunction = () => NO_STORE;

function notFound(): never {
  throw data("Not Found", { status: 404, headers: NO_STORE });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const me = requireUser({ request, context }).id;
  const db = context.get(dbContext);
  const locale = context.get(localeContext);
  const id = params.conversationId;
  let conversation;
  try {
    conversation = await conversationFor(db, me, id);
  } catch (error) {
    console.error("loading a conversation failed", error);
    throw data(messageIn(locale, "messaging.loadConversationFailed").title, { status: 503, headers: NO_STORE });
  }
  if (!conversation) notFound();
  let messages: LiveMessage[] | null = null;
  try {
    // Each time of day in the page's language, as the page words a message that arrives live.
    messages = (await readMessages(db, id)).map((one) => ({ ...one, time: indiaTime(new Date(one.createdAt), locale) }));
    await markRead(db, me, id);
  } catch (error) {
    console.error("loading messages failed", error);
  }
  // An "I found this" thread: 'Finder (no account)', what they said first, and the read receipt
  // for their private page (features/finder-contact/).
  const finderThread = await finderThreadOpenedBy(db, me, id, locale);
  return data(
    {
      me,
      conversation: finderThread ? asFinderConversation(conversation, locale) : conversation,
      finderThread,
      messages,
      // A new key on every render of the form: posting this very form again is a no-op.
      sendKey: crypto.randomUUID(),
      confirmDelete: new URL(request.url).searchParams.get("delete") === "1",
    },
    { status: messages ? 200 : 503, headers: NO_STORE },
  );
}

type IntentArgs = { db: Db; me: string; conversationId: string; formData: FormData; locale: Locale };

// The language switch sends the composer with what was typed (RouteHandle.draftForm; issue 48).
export const handle: RouteHandle = { draftForm: COMPOSER_FORM };

export async function action({ request, context, params }: Route.ActionArgs) {
  const me = requireUser({ request, context }).id;
  const args: IntentArgs = {
    db: context.get(dbContext),
    me,
    conversationId: params.conversationId,
    formData: await readForm(request),
    locale: context.get(localeContext),
  };
  // A language chosen while writing: nothing is sent; the message comes back as typed, in the new language.
  const switched = await languageSwitchOf(context, me, args.formData);
  if (switched) return data<SendResult>({ ok: false, error: null, content: String(args.formData.get("content") ?? "") }, { headers: switched });
  switch (args.formData.get("intent")) {
    case "send":
      return sendAction(args);
    case "delete":
      return deleteAction(args);
    case "returned":
      return returnedAction(args);
    case "undo-return":
      return undoReturnAction(args);
    default:
      return unknownIntent();
  }
}

async function sendAction({ db, me, conversationId, formData }: IntentArgs) {
  const raw = formData.get("content");
  const content = typeof raw === "string" ? raw : "";
  const refuse = (error: MessageKey, status: number) => data<SendResult>({ ok: false, error, content }, { status, headers: NO_STORE });
  const parsed = sendMessageSchema.safeParse({ content, clientKey: formData.get("clientKey") ?? undefined });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]?.message;
    // A refused message must not reveal whether the conversation exists.
    if (!(await conversationFor(db, me, conversationId))) notFound();
    return refuse(issue === "messaging.notSent" || issue === "messaging.tooLong" ? issue : "messaging.empty", 400);
  }
  let outcome;
  try {
    // A closed "I found this" thread: the finder's link is dead, so nobody would read the answer.
    const finderThread = await finderThreadForOwner(db, me, conversationId);
    if (finderThread?.closed) return refuse("messaging.threadClosed", 409);
    if (finderThread?.returned) return refuse("returnsOwner.threadReturned", 409);
    outcome = await sendMessage(
      db,
      { conversationId, senderId: me, content: parsed.data.content, clientKey: parsed.data.clientKey },
      // A finder who left an e-mail address hears of the owner's answer (alerts.server.ts).
      finderThread
        ? (tx, message) =>
            queueOwnerAnswerMail(tx, {
              finderUserId: finderThread.finderUserId,
              conversationId,
              contact: finderThread.contact,
              locale: finderThread.locale,
              item: finderThread.item,
              content: message.content,
              messageId: message.id,
            })
        : undefined,
    );
  } catch (error) {
    console.error("sending a message failed", error);
    return refuse("messaging.sendFailed", 503);
  }
  if (!outcome.ok) {
    if (outcome.reason === "not-participant") notFound();
    if (outcome.reason === "limit") return refuse("messaging.messageLimit", 429);
    return refuse(outcome.problem ?? "messaging.sendFailed", 400);
  }
  if (!outcome.duplicate) announceMessage(outcome.message, outcome.participantIds);
  // A background post (JavaScript) gets an answer; a plain one goes back to the page (#latest, so
  // it opens at the newest message), replacing the history entry rather than adding one per message.
  if (formData.get("enhanced") === "1") return data<SendResult>({ ok: true }, { headers: NO_STORE });
  return replace(`/messaging/${conversationId}#latest`);
}

/** "I got it back" in a finder thread (features/returns/): refusals stay on the page with their status. */
async function returnedAction({ db, me, conversationId, formData, locale }: IntentArgs) {
  const refuse = (error: MessageKey, status: number) => data<SendResult>({ ok: false, error, content: "" }, { status, headers: NO_STORE });
  const note = parseThankYou(formData.get("note"));
  if (!note.ok) return refuse(note.error, 400);
  if (!(await finderThreadForOwner(db, me, conversationId))) notFound();
  const outcome = markReturned(db, me, conversationId, note.value);
  if (!outcome.ok) return refuse("returnsOwner.notOpen", 409);
  return redirectWithToast(`/messaging/${conversationId}`, { type: "success", ...messageIn(locale, "returnsOwner.marked") });
}

async function undoReturnAction({ db, me, conversationId, locale }: IntentArgs) {
  if (!(await finderThreadForOwner(db, me, conversationId))) notFound();
  const outcome = undoReturn(db, me, conversationId);
  if (!outcome.ok) {
    const key = outcome.reason === "too-late" ? "returnsOwner.undoTooLate" : "returnsOwner.notOpen";
    return data<SendResult>({ ok: false, error: key, content: "" }, { status: 409, headers: NO_STORE });
  }
  return redirectWithToast(`/messaging/${conversationId}`, { type: "success", ...messageIn(locale, "returnsOwner.undone") });
}

async function deleteAction({ db, me, conversationId, locale }: IntentArgs) {
  let outcome;
  try {
    outcome = await deleteConversation(db, me, conversationId);
  } catch (error) {
    console.error("deleting a conversation failed", error);
    return redirectWithToast(`/messaging/${conversationId}`, { type: "error", ...messageIn(locale, "messaging.deleteFailed") });
  }
  if (!outcome.ok) notFound();
  announceDeleted(conversationId, outcome.participantIds);
  return redirectWithToast("/messaging", { type: "success", ...messageIn(locale, "messaging.deleted") });
}

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, m, locale } = useT();
  const { me, conversation, messages, sendKey, confirmDelete } = loaderData;
  const hydrated = useHydrated();
  const path = `/messaging/${conversation.id}`;
  // Messages that arrived live since the last load; the next load brings them too.
  const [live, setLive] = useState<{ conversationId: string; messages: LiveMessage[] }>({ conversationId: conversation.id, messages: [] });
  const { live: connected } = useLiveUpdates({
    url: `${path}/events`,
    onDeletedGoTo: "/messaging",
    onMessage: (received) => {
      if (received.conversationId !== conversation.id) return;
      // The stream carries one time for every participant; this page says it in its own language.
      const one = { ...received, time: indiaTime(new Date(received.createdAt), locale) };
      setLive((current) => ({
        conversationId: conversation.id,
        messages: current.conversationId === conversation.id ? [...current.messages, one] : [one],
      }));
    },
  });
  const shown = messages ? mergeMessages(messages, live.conversationId === conversation.id ? live.messages : []) : null;
  const refused = actionData && "ok" in actionData && !actionData.ok ? actionData : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3" data-testid="chat">
      <header className="flex items-center gap-3 border-b border-slate-200 pb-3">
        <Link to="/messaging" className="rounded-lg p-1 text-slate-700 hover:bg-slate-100 md:hidden" aria-label={t("messagingPage.backToConversations")}>
          <Icon name="chevron-left" className="h-6 w-6" />
        </Link>
        <PersonAvatar src={conversation.other.avatarUrl} size="sm" />
        <h2 className="min-w-0 flex-1 truncate text-lg font-semibold" data-testid="chat-title">
          {conversation.other.name}
        </h2>
        {hydrated ? (
          <span className="flex items-center gap-1 text-xs text-slate-600" data-testid="live-status" data-live={connected ? "true" : "false"}>
            <span aria-hidden="true" className={`h-2 w-2 rounded-full ${connected ? "bg-emerald-500" : "bg-slate-300"}`} />
            {t(connected ? "messagingPage.live" : "messagingPage.connecting")}
          </span>
        ) : (
          <a href={path} className="text-sm font-medium text-brand-700 underline">
            {t("messagingPage.refresh")}
          </a>
        )}
        <Link to={`${path}?delete=1`} className="text-sm font-medium text-red-700 underline" preventScrollReset>
          {t("lostPage.delete")}
        </Link>
      </header>
      <RespectBanner />
      {loaderData.finderThread ? <FinderThreadPanel thread={loaderData.finderThread} conversationId={conversation.id} /> : null}
      {confirmDelete ? <DeleteConfirm path={path} name={conversation.other.name} /> : null}
      <div className="min-h-0 flex-1 overflow-y-auto">
        {shown ? (
          <MessageList messages={shown} me={me} className="space-y-2 py-3" bubbleWidth="max-w-[80%]" label={t("messagingPage.messages")} emptyText={t("messagingPage.emptyChat")} youSaid={t("messagingPage.youSaid")} />
        ) : (
          <FormAlert title={t("messaging.loadMessagesFailed")} />
        )}
      </div>
      {loaderData.finderThread?.closed || loaderData.finderThread?.returned ? (
        // No composer to show a refusal in (an undo too late, say): shown here instead.
        refused?.error ? <FormAlert title={m(refused.error).title} description={m(refused.error).description} data-testid="chat-refusal" /> : null
      ) : (
        <Composer action={path} sendKey={sendKey} refused={refused} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const { t, m } = useT();
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="flex flex-1 flex-col items-start gap-3 py-6" data-testid="chat-error">
      <FormAlert
        title={missing ? m("messagingPage.notFound").title : t("messaging.loadConversationFailed")}
        description={missing ? m("messagingPage.notFound").description : undefined}
      />
      <Link to="/messaging" className="font-medium text-brand-700 underline">
        {t("messagingPage.backToConversations")}
      </Link>
    </div>
  );
}
