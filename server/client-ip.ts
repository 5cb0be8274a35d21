// Which address a request comes from. Behind Fly's proxy (TRUST_PROXY=fly) the proxy's
// Fly-Client-IP header is the client; anywhere else a header could be forged, so only the socket
// counts. (Fly's proxy overwrites the header; a request that reaches the app around the proxy could
// set it to any address, so TRUST_PROXY=fly belongs only behind Fly.) The header is taken only when
// it is one IP address (net.isIP): a list, a 6,000-byte string or garbage falls back to the socket
// address. Per-client limits then count an IPv4 address or an IPv6 /64 (app/core/client-key.ts).
import { isIP } from "node:net";

export type ClientIpInput = {
  trustProxy: "fly" | undefined;
  flyClientIp: string | string[] | undefined;
  socketAddress: string | undefined;
};

export function clientIp({ trustProxy, flyClientIp, socketAddress }: ClientIpInput): string {
  if (trustProxy === "fly") {
    const header = Array.isArray(flyClientIp) ? flyClientIp[0] : flyClientIp;
    const value = header?.trim();
    if (value && isIP(value)) return normalizeIp(value);
  }
  return normalizeIp(socketAddress ?? "unknown");
}

/** "::ffff:1.2.3.4" (an IPv4 client on a dual-stack socket) is the same client as "1.2.3.4". */
function normalizeIp(address: string) {
  return address.toLowerCase().startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}
