// Browser location for the search just logged. The client gets a signed, short-lived ticket naming
// its own history row, never a raw row id it could change to another owner's.
import { createHmac } from "node:crypto";
import { cookieSecrets } from "~/core/env.server";
import { safeEqual } from "~/core/safe-equal.server";

const LOCATION_TICKET_TTL_MS = 10 * 60 * 1000;

function sign(payload: string, secret: string) {
  return createHmac("sha256", `search-location:${secret}`).update(payload).digest("base64url");
}

export function locationTicket(historyId: string, now = Date.now()): string {
  const payload = `${historyId}.${now + LOCATION_TICKET_TTL_MS}`;
  return `${payload}.${sign(payload, cookieSecrets()[0]!)}`;
}

/** The history row a ticket names, when the signature holds and it has not expired. */
export function readLocationTicket(ticket: string, now = Date.now()): string | null {
  const parts = ticket.split(".");
  if (parts.length !== 3) return null;
  const [historyId, expires, signature] = parts as [string, string, string];
  if (!/^\d+$/.test(expires) || Number(expires) < now) return null;
  const valid = cookieSecrets().some((secret) => safeEqual(sign(`${historyId}.${expires}`, secret), signature));
  return valid ? historyId : null;
}
