// The form's ticket: which owner and item the form is for, which logged visit (search history row)
// it came from, when the form was shown, and a random id. It is sealed (AES-GCM, core/seal.server.ts),
// not just signed: the page an anonymous finder gets must hold none of the owner's internal ids, and
// a posted form can neither pick another owner, nor mark another owner's history row, nor fake the
// time it was shown. A form sent sooner than MIN_FILL_SECONDS after it was shown is refused (a
// script, not a person), one older than FORM_TTL_HOURS must be opened again, and a ticket delivers
// one message at most (`spendTicket`), so the fill time is paid for every message, not once for a
// flood. A ticket sealed before SESSION_SECRET rotated no longer opens: its form is refused once.
import { randomBytes } from "node:crypto";
import type { Db } from "../../../db/connection";
import { spendOnce } from "~/core/rate-limit.server";
import { seal, unseal } from "~/core/seal.server";
import type { SearchType } from "~/features/finder/search-input";
import { FORM_TICKET_USE, FORM_TTL_HOURS, MIN_FILL_SECONDS } from "./rules";

export type FormTicket = { ownerId: string; type: SearchType; number: string; visitId: string | null; issuedAt: number; id: string };

const PURPOSE = "finder-contact-form";
const TTL_MS = FORM_TTL_HOURS * 3600 * 1000;

/** A new ticket (shown `now`, with a new id) for the form of this owner and item. */
export function formTicket(ticket: Omit<FormTicket, "issuedAt" | "id">, now = Date.now()): string {
  const sealed: FormTicket = { ...ticket, issuedAt: now, id: randomBytes(16).toString("base64url") };
  return seal(JSON.stringify(sealed), PURPOSE).toString("base64url");
}

export type TicketCheck =
  | { ok: true; ticket: FormTicket }
  | { ok: false; reason: "forged" }
  /** Genuine, but sent too soon or too late: the form can be shown again for the same owner and item. */
  | { ok: false; reason: "too-fast" | "expired"; ticket: FormTicket };

export function readFormTicket(value: unknown, now = Date.now()): TicketCheck {
  if (typeof value !== "string" || value.length > 600) return { ok: false, reason: "forged" };
  const opened = unseal(Buffer.from(value, "base64url"), PURPOSE);
  // Only this server seals with this key and purpose: what opens is a FormTicket.
  if (opened === null) return { ok: false, reason: "forged" };
  const ticket = JSON.parse(opened) as FormTicket;
  if (now - ticket.issuedAt < MIN_FILL_SECONDS * 1000) return { ok: false, reason: "too-fast", ticket };
  if (now - ticket.issuedAt > TTL_MS) return { ok: false, reason: "expired", ticket };
  return { ok: true, ticket };
}

/**
 * Uses the ticket up: true the first time, false for every later post of it. Its row is kept until
 * the ticket expires, when readFormTicket refuses it anyway.
 */
export function spendTicket(db: Db, ticket: FormTicket): Promise<boolean> {
  return spendOnce(db, FORM_TICKET_USE, ticket.id, ticket.issuedAt + TTL_MS);
}
