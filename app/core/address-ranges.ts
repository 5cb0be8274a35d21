// Which IP addresses a request the server makes on someone's behalf may reach (decision 042). A
// push endpoint is a URL a browser hands us, so anyone with an account can name one: without this
// check the server would connect wherever it points, its own loopback (the metrics port), the
// machine's private network (Fly's 6PN, fdaa::/16), the cloud's metadata address (169.254.169.254).
// Only public unicast addresses pass. Node's BlockList matches an IPv4-mapped IPv6 address
// (::ffff:127.0.0.1, ::ffff:7f00:1) against the IPv4 ranges itself; the IPv6 ranges that embed an
// IPv4 address some other way (compatible, NAT64, 6to4, Teredo) are refused whole, since no push
// service lives there. Plain module: a test, and the subscribe-time check, can import it.
import { BlockList, isIP } from "node:net";

/** The ranges refused, by the name an error message gives them (RFC 6890's special-purpose registries). */
const RANGES: Record<string, { v4?: [string, number][]; v6?: [string, number][] }> = {
  unspecified: { v4: [["0.0.0.0", 8]], v6: [["::", 128]] },
  loopback: { v4: [["127.0.0.0", 8]], v6: [["::1", 128]] },
  private: {
    v4: [
      ["10.0.0.0", 8],
      ["172.16.0.0", 12],
      ["192.168.0.0", 16],
      // Carrier-grade NAT: a provider's inside, not the internet.
      ["100.64.0.0", 10],
    ],
  },
  "link-local": { v4: [["169.254.0.0", 16]], v6: [["fe80::", 10]] },
  "unique-local": { v6: [["fc00::", 7], ["fec0::", 10]] },
  multicast: { v4: [["224.0.0.0", 4]], v6: [["ff00::", 8]] },
  reserved: {
    v4: [
      ["192.0.0.0", 24],
      ["192.0.2.0", 24],
      ["192.88.99.0", 24],
      ["198.18.0.0", 15],
      ["198.51.100.0", 24],
      ["203.0.113.0", 24],
      // 240/4 and the broadcast address.
      ["240.0.0.0", 4],
    ],
    v6: [
      ["100::", 64],
      ["2001::", 23],
      ["2001:db8::", 32],
    ],
  },
  "embedded IPv4": {
    v6: [
      // IPv4-compatible (deprecated), NAT64's well-known and local prefixes, 6to4.
      ["::", 96],
      ["64:ff9b::", 96],
      ["64:ff9b:1::", 48],
      ["2002::", 16],
    ],
  },
};

const lists = Object.entries(RANGES).map(([name, { v4 = [], v6 = [] }]) => {
  const list = new BlockList();
  for (const [address, prefix] of v4) list.addSubnet(address, prefix, "ipv4");
  for (const [address, prefix] of v6) list.addSubnet(address, prefix, "ipv6");
  return { name, list };
});

/**
 * Null when `address` (an IP address, as DNS or a URL gives it; an IPv6 one with or without
 * brackets) is public unicast; otherwise the kind of range it is in ("loopback", "private", …), or
 * "not an IP address".
 */
export function nonPublicRange(address: string): string | null {
  // A zone (fe80::1%eth0) names an interface of this machine: link-local either way.
  const bare = (address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address).split("%")[0]!;
  const family = isIP(bare);
  if (family === 0) return "not an IP address";
  const type = family === 4 ? "ipv4" : "ipv6";
  // Checked in order, so ::1 is named "loopback", not "embedded IPv4".
  for (const { name, list } of lists) if (list.check(bare, type)) return name;
  return null;
}
