// The account's language (decision 048) through the browser, with JavaScript on and off: set at
// sign-up from the page's language (a phone set to Tamil), shown and changed in /settings by its
// plain form, and changed by the footer's language switch while signed in. What it changes — the
// owner's mails and pushes — is read in tests/integration/owner-language.test.ts.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { translator } from "../../app/i18n/messages.ts";
import { LOCALE_NAMES } from "../../app/core/locale.ts";
import { expectNoSeriousA11yViolations } from "./a11y";
import { createUser, e2eDb, uniqueEmail } from "./db";
import { expect, signInAs, test } from "./fixtures";
import { mailsIn, readMail } from "../support/mail-files.ts";

/** The newest mail to the address as the SMTP server received it, decoded (a Tamil mail's body is base64). */
async function mailTo(address: string) {
  for (let i = 0; i < 200; i++) {
    const raw = mailsIn(process.env.TAGBACK_E2E_MAIL_DIR!, address).at(-1);
    if (raw) return readMail(raw);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

const localeOf = (userId: string) => e2eDb().select({ locale: users.locale }).from(users).where(eq(users.id, userId)).get()!.locale;

test.describe("a phone set to Tamil", () => {
  test.use({ locale: "ta-IN", extraHTTPHeaders: { "Accept-Language": "ta-IN,ta;q=0.9" } });

  test("signs up with a code by e-mail: the code comes in Tamil, and the account keeps Tamil", async ({ page }) => {
    const email = uniqueEmail("tamil");
    // The sign-in pages are in Tamil too (issue 48, second part).
    const { t } = translator("ta");
    await page.goto("/auth");
    await page.getByLabel(t("authPage.emailLabel")).fill(email);
    await page.getByRole("button", { name: t("authPage.continueWithEmail") }).click();
    await expect(page).toHaveURL(/\/auth\/code\?email=/);
    const mail = await mailTo(email);
    const subject = mail.headers.find((line) => line.startsWith("Subject: "))!.slice("Subject: ".length);
    const code = /(\d{6})/.exec(subject)![1]!;
    expect(subject).toBe(translator("ta").t("ownerMail.codeSubject", { code }));
    await page.getByLabel(t("authPage.codeLabel")).fill(code);
    await page.getByRole("button", { name: t("authPage.codeSignIn"), exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const user = e2eDb().select({ id: users.id, locale: users.locale }).from(users).where(eq(users.email, email)).get()!;
    expect(user.locale).toBe("ta");
    await page.goto("/settings");
    await expect(page.getByTestId("account-language")).toHaveValue("ta");
  });
});

test("Settings shows the account's language and changes it with a plain form; the switch changes it too", async ({ page, context, baseURL }, testInfo) => {
  const owner = createUser();
  const bystander = createUser();
  await signInAs(context, owner.id, baseURL!);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: translator("en").t("accountLanguage.heading") });
  await expect(section).toBeVisible();
  const select = section.getByLabel(translator("en").t("accountLanguage.label"));
  await expect(select).toHaveValue("en");
  await select.selectOption("kn");
  await section.getByRole("button", { name: translator("en").t("accountLanguage.save") }).click();
  await expect(page).toHaveURL(/\/settings$/);
  // The toast in the language just chosen; the page follows it (the switch's cookie).
  await expect(page.locator("[data-toast-type]")).toContainText(translator("kn").t("accountLanguage.saved"));
  await expect(page.locator("html")).toHaveAttribute("lang", "kn");
  expect(localeOf(owner.id)).toBe("kn");
  await expect(page.getByTestId("account-language")).toHaveValue("kn");
  await expect(page.getByRole("region", { name: translator("kn").t("accountLanguage.heading") })).toContainText(translator("kn").t("accountLanguage.lead"));
  await expectNoSeriousA11yViolations(page, testInfo);

  // The footer's switch, while signed in: the account follows.
  await page.locator("footer").getByRole("button", { name: LOCALE_NAMES.bn }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  expect(localeOf(owner.id)).toBe("bn");
  await expect(page.getByTestId("account-language")).toHaveValue("bn");
  expect(localeOf(bystander.id)).toBe("en");
});
