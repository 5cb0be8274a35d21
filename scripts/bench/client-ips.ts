// Public client addresses for the load, sent as Fly-Client-IP (the server trusts it with
// TRUST_PROXY=fly). Public, so the scan's IP-location lookup really runs (private and reserved
// ranges have no location); a new one per request, so the 10-searches-a-minute limit never refuses
// a scan.
import { randomBytes, randomInt } from "node:crypto";

/** [first address, prefix length] of IPv4 ranges that are not public. */
const NOT_PUBLIC_V4: Array<[string, number]> = [
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
];

const toInt = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
const RANGES = NOT_PUBLIC_V4.map(([first, bits]) => ({ start: toInt(first), size: 2 ** (32 - bits) }));
const FIRST_PUBLIC = toInt("1.0.0.0");
/** 224.0.0.0 and above is multicast and reserved. */
const END_PUBLIC = toInt("224.0.0.0");
/** Rejection sampling hits a private range ~7 % of the time: 32 tries never all miss in practice. */
const MAX_TRIES = 32;

export function isPublicIpv4(ip: string): boolean {
  const n = toInt(ip);
  return n >= FIRST_PUBLIC && n < END_PUBLIC && !RANGES.some((r) => n >= r.start && n < r.start + r.size);
}

export function randomPublicIpv4(): string {
  for (let i = 0; i < MAX_TRIES; i++) {
    const n = randomInt(FIRST_PUBLIC, END_PUBLIC);
    const ip = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
    if (isPublicIpv4(ip)) return ip;
  }
  return "81.2.69.142";
}

/** A random address in 2401:4900::/32 (an Indian mobile network's block): a new /64 each time. */
export function randomIpv6(): string {
  const groups = [...randomBytes(12)].reduce<string[]>((acc, byte, i) => {
    if (i % 2 === 0) acc.push(byte.toString(16).padStart(2, "0"));
    else acc[acc.length - 1] += byte.toString(16).padStart(2, "0");
    return acc;
  }, []);
  return `2401:4900:${groups.join(":")}`;
}

/** A new public client: one in four an IPv6 address, as on mobile networks. */
export function randomPublicIp(): string {
  return randomInt(4) === 0 ? randomIpv6() : randomPublicIpv4();
}
