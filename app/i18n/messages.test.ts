import { describe, expect, test } from "vitest";
import { en } from "./en";
import { isMessageKey, message, messageOf } from "./messages";

describe("message keys", () => {
  test("a key names an area and a message; the text is the catalogue's", () => {
    expect(message("finder.badToken")).toEqual({ title: "Invalid Token", description: "The token must be a 12-digit number." });
    expect(message("common.nsfw")).toEqual({
      title: "NSFW Content Detected",
      description: "This field contains inappropriate words. Please use appropriate language.",
    });
  });

  test("anything that is not a key is recognised as such and falls back", () => {
    for (const notAKey of ["", "finder", "finder.", "finder.nope", "nope.badToken", "Invalid Token", "toString.x", "finder.toString"]) {
      expect(isMessageKey(notAKey)).toBe(false);
    }
    expect(messageOf("The token must be a 12-digit number.", "finder.failed")).toEqual(message("finder.failed"));
    expect(messageOf(undefined, "finder.failed")).toEqual(message("finder.failed"));
    expect(messageOf("finder.missing", "finder.failed")).toEqual(message("finder.missing"));
  });

  test("every message has a title", () => {
    for (const area of Object.values(en)) {
      for (const entry of Object.values(area)) expect((entry as { title: string }).title.length).toBeGreaterThan(0);
    }
  });
});
