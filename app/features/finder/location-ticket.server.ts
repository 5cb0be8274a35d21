// The visits a finder's browser made: a signed, short-lived ticket naming each search history row
// it logged, never a raw row id it could change to another owner's. The tickets travel in a cookie,
// not in the page, so a result page is the same bytes for every finder of that owner and can be
// kept precompressed (decision 029). "I found this" (the contact form) and "Share my location" read
// the cookie and use the ticket whose row belongs to the owner they are about: a finder who scanned
// two stickers in two tabs credits each visit to its own owner.
import { createHmac } from "node:crypto";
import { createCookie } from "react-router";
import { cookieSecrets, getEnv } from "~/core/env.server";
import { safeEqual } from "~/core/safe-equal.server";

const LOCATION_TICKET_TTL_MS = 10 * 60 * 1000;
/** The latest visits a browser keeps tickets for (a few tabs' worth; ~95 characters each). */
const VISITS_KEPT = 3;

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

// Not signed by the cookie: each ticket in it is signed, and a ticket is all it holds.
function visitsCookie() {
  return createCookie("tb_visits", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().secureCookies,
    maxAge: LOCATION_TICKET_TTL_MS / 1000,
  });
}

/** The valid tickets of this browser's recent visits, newest first. */
async function ticketsIn(cookieHeader: string | null | undefined): Promise<string[]> {
  if (!cookieHeader?.includes("tb_visits=")) return [];
  const value: unknown = await visitsCookie().parse(cookieHeader).catch(() => null);
  if (!Array.isArray(value)) return [];
  return value.slice(0, VISITS_KEPT).filter((ticket): ticket is string => typeof ticket === "string" && readLocationTicket(ticket) !== null);
}

/** The history rows of this browser's recent visits, newest first (valid tickets only). */
export async function visitsOf(cookieHeader: string | null | undefined): Promise<string[]> {
  return (await ticketsIn(cookieHeader)).map((ticket) => readLocationTicket(ticket)!);
}

/** The Set-Cookie header that adds the visit just logged to the browser's recent ones. */
export async function visitsCookieWith(historyId: string, cookieHeader: string | null | undefined): Promise<string> {
  return visitsCookie().serialize([locationTicket(historyId), ...(await ticketsIn(cookieHeader))].slice(0, VISITS_KEPT));
}
