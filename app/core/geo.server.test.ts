import { expect, test } from "vitest";
import { isPublicIp, locateIp } from "./geo.server";

test("private, loopback and malformed addresses have no location", async () => {
  for (const ip of ["127.0.0.1", "10.1.2.3", "192.168.1.1", "172.16.0.5", "::1", "fd00::1", "unknown", ""]) {
    expect(isPublicIp(ip)).toBe(false);
    expect(await locateIp(ip)).toEqual({ city: null, region: null, country: null });
  }
});

test("a public Indian address resolves offline to a city, region and country", async () => {
  const place = await locateIp("49.36.0.1");
  expect(place.country).toBe("IN");
  expect(place.region).toBeTruthy();
  expect(place.city).toBeTruthy();
});
