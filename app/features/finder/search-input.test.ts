import { describe, expect, test } from "vitest";
import {
  formatToken,
  keepDigits,
  normalizeNumber,
  parseSearch,
  readSearchRequest,
  urlTokenSchema,
} from "./search-input";
import { message } from "~/i18n/messages";

function errorOf(fields: Record<string, string>, schema?: typeof urlTokenSchema) {
  const submission = parseSearch(new URLSearchParams(fields), schema);
  return submission.status === "success" ? null : submission.error?.number?.[0];
}

describe("normalisation", () => {
  test("spaces and hyphens go, nothing else changes", () => {
    expect(normalizeNumber(" 1234-5678 9012 ")).toBe("123456789012");
    expect(normalizeNumber("12ab")).toBe("12ab");
    expect(normalizeNumber(null)).toBe("");
  });
  test("typing keeps digits up to the type's length; tokens show 4-4-4", () => {
    expect(keepDigits("12a34-5678901234567890", "metrocard")).toBe("1234567890123456");
    expect(keepDigits("1234-5678-9012-34", "tagbacktoken")).toBe("123456789012");
    expect(formatToken("123456789012")).toBe("1234-5678-9012");
    expect(formatToken("12345")).toBe("1234-5");
    expect(formatToken("")).toBe("");
  });
});

describe("the form's checks (first, then second)", () => {
  test("empty", () => {
    expect(errorOf({ type: "metrocard", number: "" })).toBe("finder.emptyMetroCard");
    expect(errorOf({ type: "tagbacktoken" })).toBe("finder.emptyToken");
    expect(message("finder.emptyMetroCard").description).toBe("Enter your metro card number to find its owner");
    expect(message("finder.emptyToken").description).toBe("Enter your token number to find its owner");
  });
  test("too short", () => {
    expect(errorOf({ type: "metrocard", number: "1234567" })).toBe("finder.shortMetroCard");
    expect(errorOf({ type: "tagbacktoken", number: "1234-5678-901" })).toBe("finder.shortToken");
  });
  test("second check: too long or not digits", () => {
    expect(errorOf({ type: "metrocard", number: "12345678901234567" })).toBe("finder.badMetroCard");
    expect(errorOf({ type: "metrocard", number: "1234abcd" })).toBe("finder.badMetroCard");
    expect(errorOf({ type: "tagbacktoken", number: "1234567890123" })).toBe("finder.badToken");
  });
  test("valid numbers come back normalised", () => {
    const submission = parseSearch(new URLSearchParams({ type: "tagbacktoken", number: "1000 0000-0001" }));
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ type: "tagbacktoken", number: "100000000001" });
    expect(errorOf({ type: "metrocard", number: "12345678" })).toBeNull();
    expect(errorOf({ type: "metrocard", number: "1234567890123456" })).toBeNull();
  });
  test("a sticker URL's token only meets the second check", () => {
    expect(errorOf({ type: "tagbacktoken", number: "" }, urlTokenSchema)).toBe("finder.missing");
    expect(errorOf({ type: "tagbacktoken", number: "123" }, urlTokenSchema)).toBe("finder.badToken");
  });
});

describe("search URLs", () => {
  const read = (query: string) => readSearchRequest(new URLSearchParams(query));
  const fields = (query: string) => {
    const request = read(query);
    return "fields" in request ? Object.fromEntries(request.fields) : request;
  };
  test("t, token and owner are sticker scans", () => {
    for (const name of ["t", "token", "owner"]) {
      expect(read(`${name}=100000000001`).kind).toBe("sticker");
      expect(fields(`${name}=100000000001`)).toEqual({ type: "tagbacktoken", number: "100000000001" });
    }
  });
  test("type is case-insensitive and token is an alias", () => {
    expect(fields("type=MetroCard&number=1234567890")).toEqual({ type: "metrocard", number: "1234567890" });
    expect(fields("type=TOKEN&number=1")).toEqual({ type: "tagbacktoken", number: "1" });
    expect(fields("type=tagbackToken&number=1")).toEqual({ type: "tagbacktoken", number: "1" });
  });
  test("an unknown type, demo and nothing", () => {
    expect(read("type=passport&number=1").kind).toBe("invalid-type");
    expect(read("demo=Delhi")).toEqual({ kind: "demo", location: "delhi" });
    expect(read("").kind).toBe("none");
  });
});
