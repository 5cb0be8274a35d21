// Requests the server makes to an address someone else chose (a push endpoint: decision 042),
// through an undici Agent that holds three lines fetch() alone does not:
// - where it connects: every address the name resolves to is checked at connect time, after DNS
//   and right before the socket opens (core/address-ranges.ts), so neither a name that resolves to
//   127.0.0.1 nor one that changes its answer between a check and the connection (DNS rebinding)
//   reaches the inside; an IP literal, which Node connects to without a lookup, is checked itself;
// - how long: a short connect/TLS timeout, and one deadline for the whole exchange, which holds
//   even against an answer trickled a byte a second (an idle timeout alone would not);
// - how much: the answer's body is read up to a few KB and the connection is then destroyed, never
//   buffered whole (a 400 MB answer once took the process past 1.3 GB).
// No redirect is followed (undici's request() follows none). The same idea as Mastodon's
// Request::Socket, which checks each resolved address as it connects and caps bodies.
import dns, { type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Agent, buildConnector, request } from "undici";
import { nonPublicRange } from "./address-ranges.ts";

/** dns.lookup's shape: what a test passes instead of real DNS. */
export type Lookup = (hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => void;

/** Thrown (to the request's caller) when a destination resolves to an address that is not public. */
export class RefusedAddressError extends Error {
  readonly code = "ERR_TAGBACK_REFUSED_ADDRESS";
  constructor(hostname: string, address: string, range: string) {
    super(`refused to connect to ${hostname === address ? address : `${hostname} (${address})`}: a ${range} address`);
  }
}

export type GuardOptions = {
  /** Off only where loopback destinations are the point (demo mode's push service in the tests). */
  checkAddresses: boolean;
  connectTimeoutMs: number;
  /** Connections to one origin at once. */
  connectionsPerOrigin: number;
  /** A body longer than this is not read (the connection is dropped). */
  maxAnswerBytes: number;
  lookup?: Lookup;
};

/** An Agent for requests to destinations someone else chose (see the module's comment). */
export function guardedAgent(options: GuardOptions): Agent {
  const lookup: Lookup = options.lookup ?? (dns.lookup as unknown as Lookup);
  // Node calls it with { all: true } when it races IPv4 against IPv6 (autoSelectFamily): every
  // address it may try is checked, not only the first.
  const checkedLookup: Lookup = (hostname, lookupOptions, callback) => {
    lookup(hostname, lookupOptions, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = typeof address === "string" ? [address] : address.map((entry) => entry.address);
      for (const each of addresses) {
        const range = nonPublicRange(each);
        if (range) return callback(new RefusedAddressError(hostname, each, range), address, family);
      }
      callback(null, address, family);
    });
  };
  const connector = buildConnector({ timeout: options.connectTimeoutMs, ...(options.checkAddresses ? { lookup: checkedLookup } : options.lookup ? { lookup: options.lookup } : {}) });
  return new Agent({
    connections: options.connectionsPerOrigin,
    maxResponseSize: options.maxAnswerBytes,
    connect(connectOptions, callback) {
      const { hostname } = connectOptions;
      if (options.checkAddresses && isIP(hostname)) {
        const range = nonPublicRange(hostname);
        if (range) return callback(new RefusedAddressError(hostname, hostname, range), null);
      }
      return connector(connectOptions, callback);
    },
  });
}

export type BoundedAnswer = { status: number };

/**
 * POSTs `body` to `url` through `agent` and answers the status once the body is read (up to
 * `maxAnswerBytes`; a longer one is cut off, its connection destroyed) — all within `deadlineMs`,
 * else it throws. Throws RefusedAddressError for a destination that is not public.
 */
export async function postBounded(
  url: string,
  init: { headers: Record<string, string>; body: Uint8Array | null },
  options: { agent: Agent; deadlineMs: number; maxAnswerBytes: number },
): Promise<BoundedAnswer> {
  const signal = AbortSignal.timeout(options.deadlineMs);
  const answer = await request(url, { method: "POST", headers: init.headers, body: init.body, dispatcher: options.agent, signal });
  // What it says is of no use: read so the connection can be reused when it is short, dropped when not.
  await answer.body.dump({ limit: options.maxAnswerBytes, signal }).catch(() => undefined);
  return { status: answer.statusCode };
}
