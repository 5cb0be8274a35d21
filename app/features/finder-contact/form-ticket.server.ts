// The form's signed ticket: which owner and item the form is for, which logged visit (search
// history row) it came from, and when the form was shown. The signature makes all of it the
// server's word, so a posted form can neither pick another owner, nor mark another owner's history
// row, nor fake the time it was shown: a form sent sooner than MIN_FILL_SECONDS after it was shown
// is refused (a script, not a person), and one older than FORM_TTL_HOURS must be opened again.
import { createHmac } from "node:crypto";
import { cookieSecrets } from "~/core/env.server";
import { safeEqual } from "~/core/safe-equal.server";
import type { SearchType } from "~/features/finder/search-input";
import { FORM_TTL_HOURS, MIN_FILL_SECONDS } from "./rules";

export type FormTicket = { ownerId: string; type: SearchType; number: string; visitId: string | null; issuedAt: number };

function sign(payload: string, secret: string) {
  return createHmac("sha256", `finder-contact-form:${secret}`).update(payload).digest("base64url");
}

function payloadOf(ticket: FormTicket) {
  return [ticket.ownerId, ticket.type, ticket.number, ticket.visitId ?? "", String(ticket.issuedAt)].join(".");
}

export function formTicket(ticket: Omit<FormTicket, "issuedAt">, now = Date.now()): string {
  const payload = payloadOf({ ...ticket, issuedAt: now });
  return `${payload}.${sign(payload, cookieSecrets()[0]!)}`;
}

export type TicketCheck = { ok: true; ticket: FormTicket } | { ok: false; reason: "forged" | "too-fast" | "expired" };

export function readFormTicket(value: unknown, now = Date.now()): TicketCheck {
  if (typeof value !== "string" || value.length > 400) return { ok: false, reason: "forged" };
  const parts = value.split(".");
  if (parts.length !== 6) return { ok: false, reason: "forged" };
  const [ownerId, type, number, visitId, issued, signature] = parts as [string, string, string, string, string, string];
  const payload = parts.slice(0, 5).join(".");
  if (!cookieSecrets().some((secret) => safeEqual(sign(payload, secret), signature))) return { ok: false, reason: "forged" };
  if ((type !== "metrocard" && type !== "tagbacktoken") || !/^\d+$/.test(issued)) return { ok: false, reason: "forged" };
  const issuedAt = Number(issued);
  if (now - issuedAt < MIN_FILL_SECONDS * 1000) return { ok: false, reason: "too-fast" };
  if (now - issuedAt > FORM_TTL_HOURS * 3600 * 1000) return { ok: false, reason: "expired" };
  return { ok: true, ticket: { ownerId, type, number, visitId: visitId || null, issuedAt } };
}
