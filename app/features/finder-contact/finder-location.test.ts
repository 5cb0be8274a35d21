import { describe, expect, test } from "vitest";
import { geoUri, locationMailLines, osmUrl, parseLocation, roundedLocation, toGrid, withLocationPreview } from "./finder-location";
import { LOCATION_DECIMALS, LOCATION_GRID_DEGREES, LOCATION_MIN_ACCURACY_M } from "./rules";

const decimals = (value: number) => (String(value).split(".")[1] ?? "").length;

describe("rounding to about 50 m", () => {
  test("every position lands on the grid, at most 4 decimals, never more than half a cell away", () => {
    for (let i = 0; i < 2_000; i++) {
      const latitude = -90 + Math.random() * 180;
      const rounded = toGrid(latitude);
      expect(decimals(rounded), String(latitude)).toBeLessThanOrEqual(LOCATION_DECIMALS);
      expect(Math.abs(rounded - latitude)).toBeLessThanOrEqual(LOCATION_GRID_DEGREES / 2 + 1e-9);
    }
  });

  test("a cell is about 50 m in Delhi: 0.0005° of latitude is 55 m, of longitude at 28.6° N 49 m", () => {
    const metresPerDegree = 111_320;
    expect(LOCATION_GRID_DEGREES * metresPerDegree).toBeCloseTo(55.7, 0);
    expect(LOCATION_GRID_DEGREES * metresPerDegree * Math.cos((28.6 * Math.PI) / 180)).toBeCloseTo(48.9, 0);
  });

  test("the accuracy is whole metres, never finer than the rounding", () => {
    expect(roundedLocation(28.6, 77.2, 3).accuracy).toBe(LOCATION_MIN_ACCURACY_M);
    expect(roundedLocation(28.6, 77.2, 120.2).accuracy).toBe(121);
    expect(toGrid(-0.0001)).toBe(0);
  });
});

describe("the form's three fields", () => {
  test("all empty is none; all three numbers is a rounded position; anything else is refused", () => {
    expect(parseLocation({ latitude: "", longitude: " ", accuracy: "" })).toEqual({ ok: true, value: null });
    expect(parseLocation({ latitude: "28.632853", longitude: "77.219721", accuracy: "12" })).toEqual({ ok: true, value: { latitude: 28.633, longitude: 77.2195, accuracy: 50 } });
    for (const values of [
      { latitude: "28.6", longitude: "", accuracy: "" },
      { latitude: "1e3", longitude: "77", accuracy: "10" },
      { latitude: "-91", longitude: "77", accuracy: "10" },
      { latitude: "28", longitude: "181", accuracy: "10" },
      { latitude: "28", longitude: "77", accuracy: "-1" },
      { latitude: "0x1A", longitude: "77", accuracy: "10" },
    ]) {
      expect(parseLocation(values), JSON.stringify(values)).toEqual({ ok: false, error: "findLocation.bad" });
    }
    expect(parseLocation({ latitude: "28", longitude: "77", accuracy: "5001" })).toEqual({ ok: false, error: "findLocation.tooVague" });
  });
});

describe("the owner's links", () => {
  const place = { latitude: 28.633, longitude: 77.2195, accuracy: 50 };
  test("a geo: URI for the phone's map app and a plain OpenStreetMap link; no embedded map", () => {
    expect(geoUri(place)).toBe("geo:28.633,77.2195?q=28.633,77.2195");
    expect(osmUrl(place)).toBe("https://www.openstreetmap.org/?mlat=28.633&mlon=77.2195#map=17/28.633/77.2195");
    expect(locationMailLines(place, "en").join("\n")).toContain(geoUri(place));
    expect(locationMailLines(place, "ta").join("\n")).toMatch(/இடம்[\s\S]*geo:/);
    expect(locationMailLines(null, "en")).toEqual([]);
    expect(withLocationPreview("Found your keys", place, "en")).toBe(`Found your keys\nLocation: ${osmUrl(place)}`);
    expect(withLocationPreview("சாவி கிடைத்தது", place, "ta")).toBe(`சாவி கிடைத்தது\nஇடம்: ${osmUrl(place)}`);
    expect(withLocationPreview("Found your keys", null, "en")).toBe("Found your keys");
  });
});
