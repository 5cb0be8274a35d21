import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { limitKeyOf } from "./client-key";

describe("limitKeyOf", () => {
  test("an IPv4 client is its address", () => {
    expect(limitKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(limitKeyOf(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(limitKeyOf("0.0.0.0")).toBe("0.0.0.0");
    expect(limitKeyOf("255.255.255.255")).toBe("255.255.255.255");
    expect(limitKeyOf("203.0.113.8")).not.toBe(limitKeyOf("203.0.113.7"));
  });

  test("an IPv4-mapped IPv6 address is the IPv4 client", () => {
    expect(limitKeyOf("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(limitKeyOf("::FFFF:1.2.3.4")).toBe("1.2.3.4");
    expect(limitKeyOf("0:0:0:0:0:ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(limitKeyOf("0000:0000:0000:0000:0000:ffff:0102:0304")).toBe("1.2.3.4");
    expect(limitKeyOf("::ffff:102:304")).toBe("1.2.3.4");
  });

  test("an IPv6 client is its /64, whichever way the address is written", () => {
    const key = "2001:db8:0:0::/64";
    for (const address of [
      "2001:db8::1",
      "2001:db8::2",
      "2001:DB8::ffff:1",
      "2001:0db8:0000:0000:0000:0000:0000:0001",
      "2001:db8:0:0:1234:5678:9abc:def0",
      "2001:db8:0:0:0:0:1.2.3.4",
      "2001:db8::",
      "[2001:db8::1]",
    ]) {
      expect(limitKeyOf(address), address).toBe(key);
    }
    expect(limitKeyOf("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(limitKeyOf("2001:db8:0:1::1")).not.toBe(key);
    expect(limitKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(limitKeyOf("::")).toBe("0:0:0:0::/64");
    expect(limitKeyOf("1:2:3:4:5:6:7::")).toBe("1:2:3:4::/64");
  });

  test("a zone id is not part of the client", () => {
    expect(limitKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(limitKeyOf("fe80::2%25en0")).toBe("fe80:0:0:0::/64");
  });

  test("anything that is not an IP address is one shared bucket, never its own text", () => {
    for (const garbage of [
      "",
      "unknown",
      "garbage",
      "1.2.3",
      "1.2.3.4.5",
      "256.1.1.1",
      "01.2.3.4",
      "1.2.3.4, 5.6.7.8",
      "2001:db8:::1",
      "1::2::3",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7:8::",
      "::ffff:1.2.3",
      "12345::1",
      "g::1",
      ":1:2:3:4:5:6:7",
      "2001:db8::1/64",
      "x".repeat(6_000),
    ]) {
      expect(limitKeyOf(garbage), garbage).toBe("unknown");
    }
  });

  test("any IPv6 address in a /64 has that /64's key; any IPv4 address its own", () => {
    const hextet = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(fc.array(hextet, { minLength: 8, maxLength: 8 }), (groups) => {
        const full = groups.map((g) => g.toString(16).padStart(4, "0")).join(":");
        const key = limitKeyOf(full);
        if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
          expect(key).toBe([groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join("."));
        } else {
          expect(key).toBe(`${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`);
          // The same address in its compressed form, upper case.
          const compressed = `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::${groups[7]!.toString(16)}`.toUpperCase();
          expect(limitKeyOf(compressed)).toBe(key);
        }
      }),
    );
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(limitKeyOf(ip)).toBe(ip);
      }),
    );
  });
});
