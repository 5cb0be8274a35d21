// Every rule of spec 001 §5 "QR content", each with its message.
import { describe, expect, test } from "vitest";
import { message } from "~/i18n/messages";
import { foundSearchPath, parseQrContent } from "./qr-content";

const APP = "https://tagback.app";

function errorText(text: string, app = APP) {
  const result = parseQrContent(text, app);
  if (result.ok) throw new Error(`expected a refusal for ${text}`);
  return message(result.error);
}

describe("the host must be our own (APP_URL)", () => {
  test("a sticker URL on our host is read", () => {
    expect(parseQrContent("https://tagback.app/?t=123412341234", APP)).toEqual({ ok: true, query: { type: "tagbacktoken", number: "123412341234" } });
  });

  test("host names are compared case-insensitively, the scheme may differ, the path does not matter", () => {
    expect(parseQrContent("HTTP://TagBack.App/findowner?t=111122223333", APP)).toMatchObject({ ok: true });
  });

  test("the port is part of the host: a loopback APP_URL with a port matches only that port", () => {
    expect(parseQrContent("http://127.0.0.1:3410/?t=111122223333", "http://127.0.0.1:3410")).toMatchObject({ ok: true });
    expect(errorText("http://127.0.0.1:3000/?t=111122223333", "http://127.0.0.1:3410").description).toBe("This QR code is not from Tagback.");
  });

  test.each([
    "https://evil.example/?t=123412341234",
    "https://tagback.app.evil.example/?t=123412341234",
    "https://sub.tagback.app/?t=123412341234",
    "mailto:owner@tagback.app",
    "ftp://tagback.app/?t=123412341234",
  ])("%s: 'This QR code is not from Tagback.'", (text) => {
    expect(errorText(text)).toEqual({ title: "Invalid QR Code", description: "This QR code is not from Tagback." });
  });
});

describe("token, t or owner: a token", () => {
  test.each(["token", "t", "owner"])("?%s= is read as a token", (name) => {
    expect(parseQrContent(`${APP}/?${name}=555566667777`, APP)).toEqual({ ok: true, query: { type: "tagbacktoken", number: "555566667777" } });
  });

  test("token is read before t, t before owner, and any of them before type", () => {
    expect(parseQrContent(`${APP}/?owner=3&t=2&token=1&type=metrocard&number=12345678`, APP)).toMatchObject({ query: { number: "1" } });
    expect(parseQrContent(`${APP}/?owner=3&t=2`, APP)).toMatchObject({ query: { number: "2" } });
  });

  test("the number is left for the search to check (it answers a bad token with its own message)", () => {
    expect(parseQrContent(`${APP}/?t=12-34`, APP)).toEqual({ ok: true, query: { type: "tagbacktoken", number: "12-34" } });
  });
});

describe("type and number", () => {
  test.each([
    ["tagbacktoken", "tagbacktoken"],
    ["TagbackToken", "tagbacktoken"],
    ["token", "tagbacktoken"],
    ["TOKEN", "tagbacktoken"],
    ["metrocard", "metrocard"],
    ["MetroCard", "metrocard"],
  ] as const)("type=%s is %s, case-insensitively", (type, expected) => {
    expect(parseQrContent(`${APP}/?type=${type}&number=12345678`, APP)).toEqual({ ok: true, query: { type: expected, number: "12345678" } });
  });

  test("an unknown type: 'Unknown QR code type detected.'", () => {
    expect(errorText(`${APP}/?type=passport&number=12345678`)).toEqual({ title: "Invalid QR Code", description: "Unknown QR code type detected." });
  });

  test.each([`${APP}/`, `${APP}/?type=metrocard`, `${APP}/?number=12345678`, `${APP}/?t=`, `${APP}/?type=&number=1`, `${APP}/?demo=delhi`])(
    "%s: 'QR code does not contain valid Tagback information.'",
    (text) => {
      expect(errorText(text)).toEqual({ title: "Invalid QR Code", description: "QR code does not contain valid Tagback information." });
    },
  );
});

describe("what is not a URL at all", () => {
  test.each(["hello", "123412341234", "", "http://", "tagback.app/?t=123412341234"])("%j: 'Could not parse QR code data.'", (text) => {
    expect(errorText(text)).toEqual({ title: "Invalid QR Code", description: "Could not parse QR code data." });
  });
});

test("a read code becomes a /found search URL", () => {
  expect(foundSearchPath({ type: "tagbacktoken", number: "123412341234" })).toBe("/found?type=tagbacktoken&number=123412341234");
});
