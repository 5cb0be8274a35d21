// The server side of the "I found this" form: which owner a form is for, and sending it. Every
// refusal is a 4xx with a message and stores nothing; the checks run cheapest first and the limits
// are spent only by a form that would otherwise be delivered.
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { redirect } from "react-router";
import type { Db } from "../../../db/connection";
import { searchHistory } from "../../../db/schema";
import { consume } from "~/core/rate-limit.server";
import { findOwner, type OwnerRow } from "~/features/finder/owner-search.server";
import { visitsOf } from "~/features/finder/location-ticket.server";
import { parseSearch, searchFormSchema, type SearchQuery } from "~/features/finder/search-input";
import { queueContactAlert, queueFinderLink } from "~/features/finder-contact/alerts.server";
import type { Locale } from "~/core/locale";
import { mailboxOf } from "~/core/email-address";
import { parseContactForm, type ContactFields, type ContactValues } from "~/features/finder-contact/contact-input";
import { formTicket, readFormTicket, spendTicket } from "~/features/finder-contact/form-ticket.server";
import { FINDER_LINK_MAIL_LIMIT, FINDER_MESSAGE_CLIENT_LIMIT, FINDER_MESSAGE_OWNER_LIMIT } from "~/features/finder-contact/rules";
import { createFinderThread, privatePath } from "~/features/finder-contact/threads.server";
import { announceActivity } from "~/features/messaging/live.server";
import type { MessageKey } from "~/i18n/messages";

/** The search a form URL names (`?type=…&number=…`), checked like the finder's own search. */
export function queryOf(params: URLSearchParams): SearchQuery | null {
  const submission = parseSearch(new URLSearchParams({ type: params.get("type") ?? "", number: params.get("number") ?? "" }), searchFormSchema);
  return submission.status === "success" ? submission.value : null;
}

/** The owner behind a query: only a real owner's result has a form (never a miss or the demo). */
export async function ownerFor(db: Db, query: SearchQuery | null): Promise<OwnerRow | null> {
  return query ? findOwner(db, query) : null;
}

/** The finder's latest logged visit of this owner, from the visits in their cookie (location-ticket.server.ts). */
export async function visitOf(db: Db, cookieHeader: string | null, ownerId: string): Promise<string | null> {
  const visits = await visitsOf(cookieHeader);
  if (visits.length === 0) return null;
  const rows = await db
    .select({ id: searchHistory.id })
    .from(searchHistory)
    .where(and(inArray(searchHistory.id, visits), eq(searchHistory.userId, ownerId)))
    .all();
  const owners = new Set(rows.map((row) => row.id));
  return visits.find((visit) => owners.has(visit)) ?? null;
}

/**
 * The key the mails to an address are counted by: its mailbox, hashed, so the limiter's table holds
 * no e-mail addresses.
 */
function recipientKeyOf(email: string): string {
  return createHash("sha256").update(mailboxOf(email)).digest("base64url");
}

export type Refusal = {
  ok: false;
  alert: MessageKey | null;
  errors: Partial<Record<ContactFields, MessageKey>>;
  values: ContactValues;
  /** A new signed ticket for the form shown again, when the posted one was genuine. */
  ticket: string | null;
};

/** `locale`: the language of the finder's request, which their own mail is written in. */
type SendArgs = { db: Db; formData: FormData; values: ContactValues; clientKey: string; locale: Locale };

export async function sendFinderMessage({ db, formData, values, clientKey, locale }: SendArgs): Promise<{ status: number; refusal: Refusal } | Response> {
  const refuse = (status: number, alert: MessageKey | null, ticket: string | null, errors: Refusal["errors"] = {}) => ({
    status,
    refusal: { ok: false as const, alert, errors, values, ticket },
  });
  // A field no person sees, filled in: a form-filling script.
  const honeypot = formData.get("website");
  if (typeof honeypot === "string" && honeypot !== "") return refuse(400, "contact.refused", null);

  const check = readFormTicket(formData.get("ticket"));
  if (!check.ok) {
    if (check.reason === "forged") return refuse(400, "contact.refused", null);
    // Genuine but too quick, or too old: the same form again, with a new ticket.
    const { ownerId, type, number, visitId } = check.ticket;
    return refuse(400, check.reason === "too-fast" ? "contact.tooFast" : "contact.expired", formTicket({ ownerId, type, number, visitId }));
  }
  const { ticket } = check;
  const query: SearchQuery = { type: ticket.type, number: ticket.number };
  const owner = await findOwner(db, query);
  // The number no longer finds this owner (card moved, token removed): nobody to deliver to.
  if (!owner || owner.id !== ticket.ownerId) return refuse(404, "contact.notFoundTitle", null);
  const again = formTicket({ ownerId: owner.id, type: query.type, number: query.number, visitId: ticket.visitId });

  const parsed = parseContactForm(values);
  if (!parsed.ok) return refuse(400, null, again, parsed.errors);

  // A form that would be delivered uses its ticket up first: a ticket posted again costs nothing.
  if (!(await spendTicket(db, ticket))) return refuse(409, "contact.formUsed", again);
  if (!(await consume(db, FINDER_MESSAGE_CLIENT_LIMIT, clientKey)).allowed) return refuse(429, "contact.clientLimit", again);
  if (!(await consume(db, FINDER_MESSAGE_OWNER_LIMIT, owner.id)).allowed) return refuse(429, "contact.ownerLimit", again);
  const { contact, contactKind } = parsed.value;
  const mailTo = contactKind === "email" ? contact : null;
  // Refused rather than sent without the mail: the finder asked for the link by e-mail and decides
  // (send without the address, or with a phone number) before anything reaches the owner.
  if (mailTo && !(await consume(db, FINDER_LINK_MAIL_LIMIT, recipientKeyOf(mailTo))).allowed) return refuse(429, "contact.linkMailLimit", again);

  let thread;
  try {
    thread = createFinderThread(db, { ownerId: owner.id, item: query, visitId: ticket.visitId, form: parsed.value, locale }, (tx, created) => {
      queueContactAlert(tx, {
        ownerId: owner.id,
        conversationId: created.conversationId,
        item: { type: query.type === "metrocard" ? "metro_card" : "tagback_token", value: query.number },
        form: parsed.value,
      });
      if (mailTo) queueFinderLink(tx, { ...created, email: mailTo, locale });
    });
  } catch (error) {
    console.error("storing a finder's message failed", error);
    return refuse(503, "contact.sendFailed", again);
  }
  // The owner's open /messaging pages show the new conversation at once.
  announceActivity(thread.conversationId, [owner.id]);
  return redirect(`${privatePath(thread.secret)}?sent=1`, 303);
}
