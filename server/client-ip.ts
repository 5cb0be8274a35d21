// Which address a request comes from. Behind Fly's proxy (TRUST_PROXY=fly) the proxy's
// Fly-Client-IP header is the client; anywhere else a header could be forged, so only the socket counts.
export type ClientIpInput = {
  trustProxy: "fly" | undefined;
  flyClientIp: string | string[] | undefined;
  socketAddress: string | undefined;
};

export function clientIp({ trustProxy, flyClientIp, socketAddress }: ClientIpInput): string {
  if (trustProxy === "fly") {
    const header = Array.isArray(flyClientIp) ? flyClientIp[0] : flyClientIp;
    const value = header?.trim();
    if (value) return normalizeIp(value);
  }
  return normalizeIp(socketAddress ?? "unknown");
}

/** "::ffff:1.2.3.4" (an IPv4 client on a dual-stack socket) is the same client as "1.2.3.4". */
function normalizeIp(address: string) {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}
