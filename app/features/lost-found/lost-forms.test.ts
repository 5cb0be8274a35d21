// The lost-item forms' own rules: the date lost, the cleaning of typed text.
import { describe, expect, test } from "vitest";
import { cleanText, isLostDate, todayInIndia } from "./lost-forms";

describe("isLostDate", () => {
  test("a real calendar date up to today in India", () => {
    expect(isLostDate("2026-01-31")).toBe(true);
    expect(isLostDate(todayInIndia())).toBe(true);
    expect(isLostDate("2024-02-29")).toBe(true);
  });

  test.each(["2026-02-30", "2025-02-29", "2026-13-01", "26-01-01", "2026-1-1", "", "1999-12-31", "2999-01-01"])("%j is refused", (value) => {
    expect(isLostDate(value)).toBe(false);
  });

  test("today is India's date, whatever the server's time zone", () => {
    // 20:00 UTC on 31 Dec is already 1 January (01:30) in India.
    expect(todayInIndia(new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-01");
  });
});

test("cleanText strips tags and angle brackets and trims", () => {
  expect(cleanText("  <b>Reward</b> ₹500 <script>x</script> > ")).toBe("Reward ₹500 x");
  expect(cleanText(undefined)).toBe("");
});
