// /f/{secret}: the finder's private page of an "I found this" thread (issue 12). The link is the
// only key: no account, no session. It shows the conversation with the owner, where it stands
// (sent, read by the owner, answered), and a form to answer with the chat's rules. Without
// JavaScript the page reloads (a Refresh link, a plain post); with it, replies and the read receipt
// arrive live through /f/{secret}/events. A wrong or closed link is a 404. The page is `noindex`,
// `no-store`, and shows no e-mail address or phone number (not even the finder's own).
import { data, isRouteErrorResponse, replace, useRouteError } from "react-router";
import type { Route } from "./+types/route";
import type { Db } from "../../../db/connection";
import { FormAlert } from "~/components/ui/form-alert";
import { dbContext, requestInfoContext } from "~/core/context";
import { getEnv } from "~/core/env.server";
import type { Locale } from "~/core/locale";
import { ownerNotified, type Notified } from "~/core/outbox.server";
import { istTime } from "~/core/india-time";
import { NO_STORE } from "~/core/no-store";
import { consume } from "~/core/rate-limit.server";
import { readForm } from "~/middleware/read-form.server";
import { FINDER_REPLY_CLIENT_LIMIT } from "~/features/finder-contact/rules";
import { queueFinderReplyAlert } from "~/features/finder-contact/alerts.server";
import {
  asFinderSees,
  keepFinderLocale,
  ownerNameOf,
  privatePath,
  setFinderLocation,
  threadBySecret,
  threadState,
  type FinderThread,
} from "~/features/finder-contact/threads.server";
import { locationValuesOf, parseLocation } from "~/features/finder-contact/finder-location";
import { markRead, readMessages, sendMessage } from "~/features/messaging/conversations.server";
import { announceActivity, announceMessage } from "~/features/messaging/live.server";
import { sendMessageSchema } from "~/features/messaging/message-input";
import type { MessageKey } from "~/i18n/messages";
import { localeContext } from "~/middleware/i18n";
import { metaT, useT } from "~/i18n/use-t";
import { ThreadPage, type ReplyResult } from "./thread-page";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t } = metaT(matches);
  return [
    { title: `${loaderData ? t("contact.threadTitle", { name: loaderData.ownerName || t("common.tagbackUser") }) : t("contact.linkGoneTitle")} | Tagback` },
    { name: "robots", content: "noindex, nofollow" },
    // The address is the key: it must not travel to another site in a Referer. (Not "no-referrer":
    // that makes browsers send `Origin: null` with the page's own form posts, refused as cross-site.)
    { name: "referrer", content: "same-origin" },
  ];
};

export const headers: Route.HeadersFunction = () => ({ ...NO_STORE, "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" });

function linkGone(): never {
  throw data("Not Found", { status: 404, headers: { ...NO_STORE, "X-Robots-Tag": "noindex, nofollow" } });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const locale = context.get(localeContext);
  const thread = await threadBySecret(db, params.secret);
  if (!thread) linkGone();
  const [messages, ownerName] = await Promise.all([readMessages(db, thread.conversationId), ownerNameOf(db, thread.ownerId)]);
  const { state } = await threadState(db, thread, messages);
  await markRead(db, thread.finderUserId, thread.conversationId);
  return data(
    {
      me: thread.finderUserId,
      ownerName,
      // Times in the finder's language, as the rest of the page.
      messages: messages.map((message) => ({ ...asFinderSees(thread, message), time: istTime(new Date(message.createdAt), locale) })),
      state,
      handover: thread.handover,
      handoverPlace: thread.handoverPlace,
      foundWhere: thread.foundWhere,
      mailed: thread.mailed,
      path: privatePath(params.secret),
      link: `${getEnv().APP_URL}${privatePath(params.secret)}`,
      justSent: new URL(request.url).searchParams.get("sent") === "1",
      // Whether the owner's alert went out (the outbox, core/outbox.server.ts): the finder is told the truth.
      ownerNotified: notifiedFor(db, thread.conversationId, locale),
      // A new key on every render of the form: posting this very form twice stores its text once.
      sendKey: crypto.randomUUID(),
      // What the finder shared of where they are (rounded), in their language's time.
      location: thread.location ? { time: istTime(thread.location.sharedAt, locale), metres: thread.location.accuracy } : null,
      // The owner marked it returned: the page says so, with their thank-you line (issue 49).
      returned: thread.returned ? { note: thread.returned.note } : null,
    },
    { headers: NO_STORE },
  );
}

function notifiedFor(db: Db, conversationId: string, locale: Locale): { state: Notified["state"]; time: string | null } | null {
  const notified = ownerNotified(db, conversationId);
  return notified && { state: notified.state, time: notified.at ? istTime(notified.at, locale) : null };
}

/** The chat's refusals, said in the finder's language. */
const REPLY_PROBLEM: Partial<Record<MessageKey, MessageKey>> = {
  "messaging.empty": "contact.messageEmpty",
  "messaging.tooLong": "contact.replyTooLong",
  "messaging.notSent": "contact.notSent",
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const thread = await threadBySecret(db, params.secret);
  if (!thread) linkGone();
  const formData = await readForm(request);
  const raw = formData.get("content");
  const content = typeof raw === "string" ? raw : "";
  const refuse = (error: MessageKey, status: number) => data<ReplyResult>({ ok: false, error, content }, { status, headers: NO_STORE });
  const intent = formData.get("intent");
  if (intent === "share-location" || intent === "withdraw-location") return locationAction(db, thread, intent, formData, params.secret);
  if (intent !== "send") return refuse("contact.sendFailed", 400);
  // The owner has it back: the conversation takes no new messages (issue 49).
  if (thread.returned) return refuse("returns.closed", 409);
  const parsed = sendMessageSchema.safeParse({ content, clientKey: formData.get("clientKey") ?? undefined });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]?.message as MessageKey | undefined;
    return refuse((issue && REPLY_PROBLEM[issue]) ?? "contact.messageEmpty", 400);
  }
  if (!(await consume(db, FINDER_REPLY_CLIENT_LIMIT, context.get(requestInfoContext).clientKey)).allowed) return refuse("contact.replyLimit", 429);
  let outcome;
  try {
    outcome = await sendMessage(
      db,
      { conversationId: thread.conversationId, senderId: thread.finderUserId, content: parsed.data.content, clientKey: parsed.data.clientKey },
      // The owner hears of it by mail (unless they are reading along), in the message's transaction;
      // the owner's answers are mailed in the language the finder wrote this in.
      (tx, message) => {
        keepFinderLocale(tx, thread.conversationId, context.get(localeContext));
        queueFinderReplyAlert(tx, { ownerId: thread.ownerId, conversationId: thread.conversationId, messageId: message.id, item: thread.item, content: message.content });
      },
    );
  } catch (error) {
    console.error("a finder's reply failed", error);
    return refuse("contact.sendFailed", 503);
  }
  if (!outcome.ok) {
    if (outcome.reason === "not-participant") linkGone();
    if (outcome.reason === "limit") return refuse("contact.replyLimit", 429);
    return refuse((outcome.problem && REPLY_PROBLEM[outcome.problem]) ?? "contact.sendFailed", 400);
  }
  if (!outcome.duplicate) announceMessage(outcome.message, outcome.participantIds);
  if (formData.get("enhanced") === "1") return data<ReplyResult>({ ok: true }, { headers: NO_STORE });
  return replace(`${privatePath(params.secret)}#latest`);
}

/**
 * "Share where I am" from the private page, or withdrawing it: the fields as the contact form's
 * (features/finder-contact/finder-location.ts), rounded before they are stored. Withdrawing works
 * after a return too (it is the finder's data); sharing anew does not (there is nobody to meet).
 */
async function locationAction(db: Db, thread: FinderThread, intent: "share-location" | "withdraw-location", formData: FormData, secret: string) {
  const refuse = (error: MessageKey, status: number) => data<ReplyResult>({ ok: false, error, content: "" }, { status, headers: NO_STORE });
  if (intent === "withdraw-location") {
    await setFinderLocation(db, thread.conversationId, null);
  } else {
    if (thread.returned) return refuse("returns.closed", 409);
    const parsed = parseLocation(locationValuesOf(formData));
    if (!parsed.ok) return refuse(parsed.error, 400);
    if (!parsed.value) return refuse("findLocation.bad", 400);
    await setFinderLocation(db, thread.conversationId, parsed.value);
  }
  // The owner's open conversation shows it at its next load.
  announceActivity(thread.conversationId, [thread.ownerId]);
  return replace(privatePath(secret));
}

export default function FinderThreadRoute({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && !actionData.ok ? actionData : null;
  return <ThreadPage data={loaderData} refused={refused} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useT();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-8" data-testid="thread-gone">
      <FormAlert title={gone ? t("contact.linkGoneTitle") : t("site.errorTitle")} description={gone ? t("contact.linkGoneLead") : t("site.errorText")} />
    </section>
  );
}
