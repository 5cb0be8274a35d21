import { describe, expect, test } from "vitest";
import { parseContactForm, parseReachable, type ContactValues } from "./contact-input";
import { FINDER_MESSAGE_MAX } from "./rules";

const base: ContactValues = { message: "Found your keys at Rajiv Chowk, gate 2", contact: "", foundWhere: "", handover: "keep", place: "", latitude: "", longitude: "", accuracy: "" };

describe("how the owner can reach the finder", () => {
  test.each([
    ["", null, null],
    ["  Someone@Example.COM ", "someone@example.com", "email"],
    ["+91 98100-12345", "+919810012345", "phone"],
    ["(011) 2345 6789", "01123456789", "phone"],
  ])("%j is %j", (typed, value, kind) => {
    expect(parseReachable(typed)).toEqual({ ok: true, value, kind });
  });

  test.each(["call me", "12345", "1234567890123456", "a@b", "9810+012345", "<b>@x.com"])("%j is refused", (typed) => {
    expect(parseReachable(typed).ok).toBe(false);
  });
});

describe("the form", () => {
  test("cleans like a chat message and keeps a typed place only for that handover", () => {
    const parsed = parseContactForm({ ...base, message: "  <b>Hi</b> there ", place: "ignored", foundWhere: "<i>Gate</i> 2" });
    expect(parsed).toEqual({
      ok: true,
      value: { message: "Hi there", contact: null, contactKind: null, foundWhere: "Gate 2", handover: "keep", place: null, location: null },
    });
    expect(parseContactForm({ ...base, handover: "place", place: " Chai stall " })).toMatchObject({ ok: true, value: { handover: "place", place: "Chai stall" } });
  });

  test("500 characters pass, 501 do not; profanity in any text field is refused", () => {
    expect(parseContactForm({ ...base, message: "a".repeat(FINDER_MESSAGE_MAX) }).ok).toBe(true);
    expect(parseContactForm({ ...base, message: "a".repeat(FINDER_MESSAGE_MAX + 1) })).toEqual({ ok: false, errors: { message: "contact.messageTooLong" } });
    expect(parseContactForm({ ...base, foundWhere: "near the asshole" })).toEqual({ ok: false, errors: { foundWhere: "common.nsfw" } });
    expect(parseContactForm({ ...base, handover: "place", place: "bhenchod" })).toEqual({ ok: false, errors: { place: "common.nsfw" } });
  });
});

describe("header-safe one-line fields", () => {
  test("a line break or another control character in the place or where it was found becomes a space", () => {
    const parsed = parseContactForm({
      ...base,
      handover: "place",
      place: "Gate 2\r\nBcc: victim@example.test",
      foundWhere: "Platform 3\n\tAnswer them here: https://evil.example\u0000\u2028x",
    });
    expect(parsed).toMatchObject({ ok: true, value: { place: "Gate 2 Bcc: victim@example.test", foundWhere: "Platform 3 Answer them here: https://evil.example x" } });
  });
});
