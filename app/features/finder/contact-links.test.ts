import { describe, expect, test } from "vitest";
import { contactLinks, normalizePhone, normalizeTelegram, tweetIntentUrl, tweetTemplate, withGreeting } from "./contact-links";
import { translator } from "~/i18n/messages";

describe("normalizePhone", () => {
  test("a number starting with + is kept (spacing dropped)", () => {
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizePhone("+919845012345")).toBe("+919845012345");
  });
  test("otherwise non-digits and leading zeros go and +91 is prefixed", () => {
    expect(normalizePhone("9845012345")).toBe("+919845012345");
    expect(normalizePhone("098450-12345")).toBe("+919845012345");
    expect(normalizePhone("(0) 98450 12345")).toBe("+919845012345");
  });
  test("empty or digit-less values give no number", () => {
    expect(normalizePhone("")).toBeNull();
    expect(normalizePhone(null)).toBeNull();
    expect(normalizePhone("abc")).toBeNull();
    expect(normalizePhone("000")).toBeNull();
    expect(normalizePhone("+")).toBeNull();
  });
});

describe("normalizeTelegram", () => {
  test("7 or more digits is a +91 phone", () => {
    expect(normalizeTelegram("9845012")).toBe("+919845012");
    expect(normalizeTelegram("09845012345")).toBe("+919845012345");
  });
  test("fewer digits is a handle", () => {
    expect(normalizeTelegram("984501")).toBe("@984501");
  });
  test("a + or @ prefix is kept", () => {
    expect(normalizeTelegram("@rohan_blr")).toBe("@rohan_blr");
    expect(normalizeTelegram("+447700900123")).toBe("+447700900123");
  });
  test("otherwise @ is added", () => {
    expect(normalizeTelegram("rohan_blr")).toBe("@rohan_blr");
    expect(normalizeTelegram("  ")).toBeNull();
  });
});

describe("contact links", () => {
  test("SMS, Call, Telegram and WhatsApp links from the owner's public social fields", () => {
    const links = contactLinks({ socialSms: "9845098450", socialCall: "09845012345", socialTelegram: "rohan_blr", socialWhatsapp: "+91 98450 12345" });
    expect(links.map((link) => [link.kind, link.href.split("?")[0]])).toEqual([
      ["sms", "sms:+919845098450"],
      ["call", "tel:+919845012345"],
      ["telegram", "https://t.me/rohan_blr"],
      ["whatsapp", "https://wa.me/919845012345"],
    ]);
    expect(contactLinks({ socialSms: null, socialCall: null, socialTelegram: "9845012345", socialWhatsapp: null })[0]!.href).toBe(
      "https://t.me/+919845012345",
    );
  });
  test("no fields, no buttons", () => {
    expect(contactLinks({ socialSms: null, socialCall: "", socialTelegram: null, socialWhatsapp: null })).toEqual([]);
  });
});

describe("tweet template", () => {
  test("cites the X username and the metro card number, in the finder's language", () => {
    const { t } = translator("en");
    expect(tweetTemplate(t, "aarav_sharma", "1234567890")).toContain("@aarav_sharma");
    expect(tweetTemplate(t, "aarav_sharma", "1234567890")).toContain("1234567890");
    expect(tweetTemplate(t, "aarav_sharma", null)).toMatch(/^Hey @aarav_sharma,/);
    const tamil = tweetTemplate(translator("ta").t, "aarav_sharma", "1234567890");
    expect(tamil).toContain("@aarav_sharma");
    expect(tamil).toContain("1234567890");
    expect(tamil).toMatch(/[\u0B80-\u0BFF]/);
    expect(tweetIntentUrl("a b")).toBe("https://x.com/intent/tweet?text=a%20b");
  });
});

describe("greeting", () => {
  test("SMS and WhatsApp open with the finder's words; Call and Telegram as they are", () => {
    const links = contactLinks({ socialSms: "9845098450", socialCall: "9845012345", socialTelegram: "rohan_blr", socialWhatsapp: "9845012345" });
    const hrefs = links.map((link) => withGreeting(link, "नमस्ते!"));
    expect(hrefs).toEqual([
      `sms:+919845098450?body=${encodeURIComponent("नमस्ते!")}`,
      "tel:+919845012345",
      "https://t.me/rohan_blr",
      `https://wa.me/919845012345?text=${encodeURIComponent("नमस्ते!")}`,
    ]);
  });
});
