import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { message } from "../../i18n/messages";
import { cleanFullName, profileAlert, profileErrorText, profileSchema, serverProfileSchema, splitFullName } from "./profile-schema";

const NSFW_TEXT = message("common.nsfw").description!;

function form(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

function parse(fields: Record<string, string>) {
  return parseWithZod(form(fields), { schema: profileSchema });
}

/** The field errors as the schema gives them: message keys. */
function keysOf(fields: Record<string, string>) {
  const submission = parse(fields);
  return submission.status === "success" ? {} : (submission.error ?? {});
}

/** The field errors as the page shows them beside the fields. */
function errorsOf(fields: Record<string, string>) {
  return Object.fromEntries(Object.entries(keysOf(fields)).map(([name, errors]) => [name, errors?.map((error) => profileErrorText(error))]));
}

describe("full name", () => {
  test("tags and characters other than letters, digits, @, _ and spaces are dropped; first word is the first name", () => {
    expect(cleanFullName("<b>Aarav</b>  Kumar-Sharma!")).toBe("Aarav KumarSharma");
    expect(cleanFullName("  राहुल   शर्मा ")).toBe("राहुल शर्मा");
    expect(splitFullName("Aarav Kumar Sharma")).toEqual({ firstName: "Aarav", lastName: "Kumar Sharma" });
    expect(splitFullName("Aarav")).toEqual({ firstName: "Aarav", lastName: null });
    expect(splitFullName("")).toEqual({ firstName: null, lastName: null });
    const submission = parse({ fullName: "<i>Priya</i> Nair" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toMatchObject({ firstName: "Priya", lastName: "Nair" });
  });

  test("at most 30 characters", () => {
    expect(errorsOf({ fullName: "a".repeat(30) })).toEqual({});
    expect(errorsOf({ fullName: "a".repeat(31) })).toEqual({ fullName: ["Full name must be at most 30 characters."] });
  });

  test("profanity, English and Hindi, any case", () => {
    expect(errorsOf({ fullName: "Big SHIT" })).toEqual({ fullName: [NSFW_TEXT] });
    expect(errorsOf({ fullName: "Chutiya Kumar" })).toEqual({ fullName: [NSFW_TEXT] });
    expect(errorsOf({ fullName: "Mahatma Gandhi" })).toEqual({});
  });
});

describe("X username, bio", () => {
  test("X username: letters, digits, underscore, at most 16; a leading @ is dropped", () => {
    expect(errorsOf({ xUsername: "aarav_99" })).toEqual({});
    expect(errorsOf({ xUsername: "aarav-99" })).toEqual({ xUsername: ["X username may contain only letters, digits and underscores."] });
    expect(errorsOf({ xUsername: "a".repeat(17) })).toEqual({ xUsername: ["X username must be at most 16 characters."] });
    expect(errorsOf({ xUsername: "madarchod_1" })).toEqual({ xUsername: [NSFW_TEXT] });
    const submission = parse({ xUsername: "@aarav" });
    if (submission.status === "success") expect(submission.value.xUsername).toBe("aarav");
  });

  test("bio: tags stripped, at most 200, profanity refused", () => {
    const submission = parse({ bio: "<script>alert(1)</script>Call me <b>maybe</b>" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.bio).toBe("alert(1)Call me maybe");
    expect(errorsOf({ bio: "x".repeat(201) })).toEqual({ bio: ["Bio must be at most 200 characters."] });
    expect(errorsOf({ bio: "what the fuck" })).toEqual({ bio: [NSFW_TEXT] });
  });
});

describe("numbers", () => {
  test("mobile: digits only, at most 15", () => {
    expect(errorsOf({ mobileNumber: "98100 12345" })).toEqual({});
    expect(errorsOf({ mobileNumber: "+919810012345" })).toEqual({ mobileNumber: ["Mobile number must contain digits only."] });
    expect(errorsOf({ mobileNumber: "1".repeat(16) })).toEqual({ mobileNumber: ["Mobile number must be at most 15 digits."] });
  });

  test("metro card: 8 to 16 digits, the spec's message under 8, empty stored as null", () => {
    expect(errorsOf({ metroCardNumber: "1234567" })).toEqual({ metroCardNumber: ["Metro card number must be at least 8 digits."] });
    expect(keysOf({ metroCardNumber: "1234567" })).toEqual({ metroCardNumber: ["profile.metroCardTooShort"] });
    expect(errorsOf({ metroCardNumber: "1".repeat(17) })).toEqual({ metroCardNumber: ["Metro card number must be at most 16 digits."] });
    expect(errorsOf({ metroCardNumber: "1234abcd" })).toEqual({ metroCardNumber: ["Metro card number must contain digits only."] });
    expect(errorsOf({ metroCardNumber: "12345678" })).toEqual({});
    const empty = parse({ metroCardNumber: "" });
    if (empty.status === "success") expect(empty.value.metroCardNumber).toBeNull();
    expect(empty.status).toBe("success");
  });

  test("socials: SMS, call, WhatsApp digits at most 15; Telegram handle rules", () => {
    expect(errorsOf({ socialSms: "12ab", socialCall: "1".repeat(16), socialWhatsapp: "x" })).toEqual({
      socialSms: ["Emergency number (SMS) must contain digits only."],
      socialCall: ["Call number must be at most 15 digits."],
      socialWhatsapp: ["WhatsApp number must contain digits only."],
    });
    for (const ok of ["@rohan_blr", "+919845012345", "rohan", "a".repeat(32)]) expect(errorsOf({ socialTelegram: ok })).toEqual({});
    for (const bad of ["@@rohan", "ro han", "a".repeat(33), "rohan-blr", "@"]) {
      expect(errorsOf({ socialTelegram: bad })).toEqual({
        socialTelegram: ["Telegram must be at most 32 characters with no spaces: letters, digits and underscores, optionally starting with @ or +."],
      });
    }
  });

  test("'use mobile number for all socials' copies the mobile into the four fields, whatever they held", () => {
    const submission = parse({ mobileNumber: "9810012345", useMobileForSocials: "on", socialSms: "bad!", socialTelegram: "@old" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toMatchObject({
        socialSms: "9810012345",
        socialCall: "9810012345",
        socialTelegram: "9810012345",
        socialWhatsapp: "9810012345",
        useMobileForSocials: true,
      });
    }
  });

  test("several problems at once are all reported", () => {
    expect(Object.keys(errorsOf({ fullName: "a".repeat(31), metroCardNumber: "12", socialSms: "x" })).sort()).toEqual([
      "fullName",
      "metroCardNumber",
      "socialSms",
    ]);
  });
});

describe("server schema and alert", () => {
  test("a metro card another account holds is a field error with the spec's text", async () => {
    const schema = serverProfileSchema(async (number) => number === "12345678");
    const taken = await parseWithZod(form({ metroCardNumber: "12345678" }), { schema, async: true });
    expect(taken.status).toBe("error");
    expect(taken.status === "error" ? taken.error : null).toEqual({ metroCardNumber: ["profile.metroCardTaken"] });
    expect(profileErrorText("profile.metroCardTaken")).toBe("This metro card number is already registered to another account.");
    const free = await parseWithZod(form({ metroCardNumber: "87654321" }), { schema, async: true });
    expect(free.status).toBe("success");
  });

  test("the alert carries the spec's title for known messages", () => {
    expect(profileAlert(["profile.metroCardTooShort"])).toEqual({
      title: "Metro Card Number Too Short",
      description: "Metro card number must be at least 8 digits.",
    });
    expect(profileAlert(["profile.bioTooLong", "common.nsfw"])).toEqual({
      title: "NSFW Content Detected",
      description: "This field contains inappropriate words. Please use appropriate language.",
    });
    expect(profileAlert(["profile.bioTooLong"])).toEqual({ title: "Error updating profile", description: "Please correct the fields marked below." });
    expect(profileAlert([])).toBeNull();
  });
});
