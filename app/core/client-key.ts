// The key every per-client limit counts (DESIGN §7): an IPv4 address, or an IPv6 /64. One IPv6
// subscriber usually holds a whole /64 (and picks addresses in it freely), so counting each IPv6
// address apart would give one client 2^64 buckets. An IPv4-mapped IPv6 address ("::ffff:1.2.3.4",
// an IPv4 client on a dual-stack socket) is that IPv4 client. A zone id ("fe80::1%eth0") is not part
// of the client. Anything that does not parse as an address falls into one shared bucket,
// "unknown", so a made-up string never opens a bucket of its own.
//
// Plain TypeScript, no node:net: the router context (core/context.ts) computes the key per request.

export const UNKNOWN_CLIENT = "unknown";

export function limitKeyOf(ip: string): string {
  let text = ip.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const v4 = parseIpv4(text);
  if (v4) return v4.join(".");
  if (!text.includes(":")) return UNKNOWN_CLIENT;
  const zone = text.indexOf("%");
  if (zone > 0) text = text.slice(0, zone);
  const groups = parseIpv6(text);
  if (!groups) return UNKNOWN_CLIENT;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** Four decimal octets, 0 to 255, without leading zeros (which some parsers read as octal). */
function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    octets.push(octet);
  }
  return octets;
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a trailing dotted IPv4 part). */
function parseIpv6(text: string): number[] | null {
  if (text.length > 45) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const sides: number[][] = [];
  for (const [index, half] of halves.entries()) {
    const groups: number[] = [];
    const parts = half === "" ? [] : half.split(":");
    for (const [position, part] of parts.entries()) {
      const last = index === halves.length - 1 && position === parts.length - 1;
      if (last && part.includes(".")) {
        const v4 = parseIpv4(part);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
        groups.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    sides.push(groups);
  }
  if (sides.length === 1) return sides[0]!.length === 8 ? sides[0]! : null;
  const [left, right] = sides as [number[], number[]];
  const missing = 8 - left.length - right.length;
  if (missing < 1) return null;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}
