// Who is asking for a scan result: a person, or software that fetches pages without a person
// reading them (crawlers and link-preview bots by user agent, HEAD requests, and browsers'
// speculative prefetches and prerenders, which announce themselves). Software is answered like a
// person but never logged as a visit and never alerts an owner; it is only counted
// (profiles.bot_searches), so total_searches counts people.
import { isbot } from "isbot";

const PREFETCH = /prefetch|prerender/i;

export function isAutomatedRequest(request: Request): boolean {
  return isAutomated(request.method, (name) => request.headers.get(name));
}

/** The same from a method and a header reader (for what answers before React Router, scan-page.server.ts). */
export function isAutomated(method: string, header: (name: string) => string | null | undefined): boolean {
  if (method === "HEAD") return true;
  const userAgent = header("user-agent");
  if (userAgent && isbot(userAgent)) return true;
  // Chromium: Sec-Purpose (and the older Purpose); Firefox: X-Moz.
  for (const name of ["sec-purpose", "purpose", "x-moz"]) {
    const value = header(name);
    if (value && PREFETCH.test(value)) return true;
  }
  return false;
}
