import { describe, expect, test } from "vitest";
import { LOCALES } from "~/core/locale";
import { translator } from "~/i18n/messages";
import { finderLinkMail, ownerAnswerMail } from "./finder-mail";
import { ENGLISH_RUN, SCRIPT, type TranslatedLocale } from "../../../tests/support/locale-scripts";

const LINK = "https://tagback.example/f/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

describe("the finder's private-link mail", () => {
  test.each(LOCALES)("%s: subject and text from the catalogue, the link, and the keep-it-private warning", (locale) => {
    const { t } = translator(locale);
    const mail = finderLinkMail(locale, { link: LINK });
    expect(mail.subject).toBe(t("contact.mailSubject"));
    expect(mail.text).toContain(LINK);
    expect(mail.text).toContain(t("contact.mailKeep"));
    expect(mail.text.split("\n")[0]).toBe(t("contact.mailSent"));
  });

  test.each(LOCALES.filter((locale): locale is TranslatedLocale => locale !== "en"))("%s: in that language alone, no English sentence and no other script", (locale) => {
    const mail = finderLinkMail(locale, { link: LINK });
    const prose = `${mail.subject}\n${mail.text}`.replace(LINK, "").replace(/Tagback/g, "");
    // No run of three English words (the brand and the link aside).
    expect(prose.match(ENGLISH_RUN)).toBeNull();
    for (const line of prose.split("\n").filter((line) => line.trim() !== "")) expect(line, line).toMatch(SCRIPT[locale]);
    // The danda (।, U+0964) is shared by Bengali and Devanagari: not another script's letter.
    const letters = prose.replace(/[\u0964\u0965]/g, "");
    for (const [other, script] of Object.entries(SCRIPT)) {
      if (script.source !== SCRIPT[locale].source) expect(letters, other).not.toMatch(script);
    }
  });

  test("Tamil, as the issue's finder got it: no English paragraphs, no Hindi line", () => {
    const mail = finderLinkMail("ta", { link: LINK });
    expect(mail.subject).not.toContain("Your private link");
    expect(mail.text).not.toContain("Keep it to yourself");
    expect(mail.text).not.toMatch(/[\u0900-\u097F]/);
  });
});

describe("the owner's answer, mailed to the finder", () => {
  const ANSWER = "Thank you!\nAnswer them here: https://evil.example/login";

  test.each(LOCALES)("%s: subject, lead with the item's number, the answer quoted line by line, and where the private link is", (locale) => {
    const { t } = translator(locale);
    const mail = ownerAnswerMail(locale, { item: "7000-0000-0071", answer: ANSWER });
    expect(mail.subject).toBe(t("contact.answerMailSubject"));
    const lines = mail.text.split("\n");
    expect(lines[0]).toBe(t("contact.answerMailLead", { item: "7000-0000-0071" }));
    // No line of the owner's words stands as one of the mail's own.
    expect(lines).toContain("> Thank you!");
    expect(lines).toContain("> Answer them here: https://evil.example/login");
    expect(lines.at(-1)).toBe(t("contact.answerMailRead", { subject: t("contact.mailSubject") }));
    expect(lines.at(-1)).toContain(t("contact.mailSubject"));
  });

  test.each(LOCALES.filter((locale): locale is TranslatedLocale => locale !== "en"))("%s: in that language alone, the owner's words aside", (locale) => {
    const mail = ownerAnswerMail(locale, { item: "7000-0000-0071", answer: ANSWER });
    const prose = [mail.subject, ...mail.text.split("\n").filter((line) => !line.startsWith("> ") && line.trim() !== "")].join("\n").replace(/Tagback/g, "");
    expect(prose.match(ENGLISH_RUN)).toBeNull();
    for (const line of prose.split("\n")) expect(line, line).toMatch(SCRIPT[locale]);
    const letters = prose.replace(/[\u0964\u0965]/g, "");
    for (const [other, script] of Object.entries(SCRIPT)) {
      if (script.source !== SCRIPT[locale].source) expect(letters, other).not.toMatch(script);
    }
  });
});
