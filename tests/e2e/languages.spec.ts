// The finder's path in Marathi, Bengali, Tamil, Telugu and Kannada in a real browser, with
// JavaScript on (js-on) and off (js-off): the letters render with real glyphs (not boxes), no page
// scrolls sideways at 320 px or at 200 % text, axe finds nothing serious, and the switch's choice
// lasts across pages. Which words each page says is checked at route level
// (tests/integration/finder-language.test.ts); the Hindi spec (hindi.spec.ts) covers the rest of
// the finder's path. Then the issue's "done when": a finder in Chennai, phone in Tamil, no
// JavaScript, scans a sticker and sends "I found this" in Tamil, which the owner reads as written.
import type { Page, TestInfo } from "@playwright/test";
import { eq } from "drizzle-orm";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";
import { finderThreads, messages } from "../../db/schema.ts";
import { a11yScanner } from "./a11y";
import { createOwner, e2eDb } from "./db";
import { expect, signInAs, test, uniqueIp } from "./fixtures";
import { measured, overflow, phone as phoneOf } from "./phone-layout";
import { messageIn, type MessageKey } from "~/i18n/messages";
import { LOCALES, LOCALE_NAMES } from "~/core/locale";
import { LANGUAGE, SCRIPT, type TranslatedLocale } from "../support/locale-scripts";

const { aarav, unverifiedToken } = DEMO_IDENTIFIERS;
const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;
const NEW_LANGUAGES: TranslatedLocale[] = ["mr", "bn", "ta", "te", "kn"];

/**
 * The letters of `script` on the page that do not render as glyphs of their own: each distinct
 * letter is drawn alone on a canvas in its element's font family (canvas text falls back through
 * the same fonts as the page). A letter with no font draws the missing-glyph box, the same box for
 * every such letter and the same as a private-use character no font has; a letter that draws
 * nothing is missing too. Also says how many letters were checked, so an empty page cannot pass.
 */
async function unrenderedLetters(target: Page, script: RegExp) {
  return target.evaluate(([source, flags]) => {
    const inScript = new RegExp(source, flags);
    const fontOf = new Map<string, string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest("script, style, template")) continue;
      for (const char of node.textContent ?? "") {
        if (inScript.test(char) && /\p{L}/u.test(char) && !fontOf.has(char)) fontOf.set(char, getComputedStyle(element).fontFamily);
      }
    }
    const canvas = document.createElement("canvas");
    canvas.width = 48;
    canvas.height = 48;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    const draw = (char: string, family: string) => {
      context.clearRect(0, 0, 48, 48);
      context.font = `28px ${family}`;
      context.textBaseline = "middle";
      context.fillStyle = "#000";
      context.fillText(char, 6, 24);
      return context.getImageData(0, 0, 48, 48).data.join(",");
    };
    const blank = draw("", "sans-serif");
    const drawings = [...fontOf].map(([char, family]) => ({ char, image: draw(char, family), box: draw("\u{10FFFD}", family) }));
    const seen = new Map<string, number>();
    for (const { image } of drawings) seen.set(image, (seen.get(image) ?? 0) + 1);
    const missing = drawings.filter(({ image, box }) => image === blank || image === box || seen.get(image)! > 1).map(({ char }) => char);
    return { checked: drawings.length, missing };
  }, [script.source, script.flags] as const);
}

/** Opens the page's language menus, so their lists are measured too. */
const openLanguageMenus = (target: Page) =>
  target.evaluate(() => {
    for (const menu of document.querySelectorAll<HTMLDetailsElement>("[data-testid=language-menu]")) menu.open = true;
  });

test("the glyph check finds letters no font here has (Tangsa) and passes Latin @js-only", async ({ page }, testInfo) => {
  await measured(page, testInfo, "/no-such-page", { width: 412, locale: "en-IN" }, async (target) => {
    const latin = await unrenderedLetters(target, /[A-Za-z]/);
    expect(latin.checked).toBeGreaterThan(10);
    expect(latin.missing).toEqual([]);
    await target.evaluate(() => {
      const probe = document.createElement("p");
      probe.textContent = "\u{16A70}\u{16A71}\u{16A72}\u{16A73}";
      document.body.append(probe);
    });
    const tangsa = await unrenderedLetters(target, /[\u{16A70}-\u{16ACF}]/u);
    expect(tangsa).toEqual({ checked: 4, missing: ["\u{16A70}", "\u{16A71}", "\u{16A72}", "\u{16A73}"] });
  });
});

for (const locale of NEW_LANGUAGES) {
  const phone = `${locale}-IN`;
  const t = (key: MessageKey) => messageIn(locale, key).title;

  test.describe(`a phone set to ${LANGUAGE[locale]}`, () => {
    test.use({ locale: phone });

    test("the finder's pages: real glyphs, no sideways scrolling at 320 px nor at 200 % text", async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const masked = createOwner();
      const unlock = `/findowner?t=${masked.token}`;
      // The pages are rendered on the server; what JavaScript adds to them is the unlock's four
      // digit boxes: with it on, that page alone (CI time).
      const pages = jsOn(testInfo)
        ? [unlock]
        : [
            `/findowner?t=${aarav.token}`,
            unlock,
            `/findowner?t=${unverifiedToken}`,
            "/findowner?type=metrocard&number=1234567",
            `/contact-owner?type=tagbacktoken&number=${aarav.token}`,
          ];
      // Two phones (320 px; 412 px at 200 % text), each page loaded in turn on both (phone-layout.ts).
      const narrowPhone = await phoneOf(page, testInfo, { width: 320, locale: phone });
      const zoomedPhone = await phoneOf(page, testInfo, { width: 412, textZoom: 200, locale: phone });
      try {
        for (const url of pages) {
          const narrowPage = await narrowPhone.visit(url);
          await expect(narrowPage.locator("html")).toHaveAttribute("lang", locale);
          await openLanguageMenus(narrowPage);
          const narrow = { glyphs: await unrenderedLetters(narrowPage, SCRIPT[locale]), ...(await overflow(narrowPage)) };
          expect(narrow.glyphs.checked, `${url}: letters of the script on the page`).toBeGreaterThan(15);
          expect(narrow.glyphs.missing, `${url}: letters drawn as boxes`).toEqual([]);
          expect(narrow.scroll, `${url} is ${narrow.scroll} px wide in ${narrow.client} px: ${narrow.sticksOut.join("; ")}`).toBeLessThanOrEqual(narrow.client);
          const zoomedPage = await zoomedPhone.visit(url);
          await openLanguageMenus(zoomedPage);
          const zoomed = await overflow(zoomedPage);
          expect(zoomed.scroll, `${url} at 200 % is ${zoomed.scroll} px wide in ${zoomed.client} px: ${zoomed.sticksOut.join("; ")}`).toBeLessThanOrEqual(
            zoomed.client,
          );
        }
      } finally {
        await narrowPhone.close();
        await zoomedPhone.close();
      }
    });

    test("axe: the scan result and the 'I found this' form", { tag: "@js-off-only" }, async ({ page }, testInfo) => {
      // The pages every finder gets first, as the server renders them (js-off only); their
      // structure is the Hindi pages', which hindi.spec.ts checks with JavaScript on too.
      const scanner = a11yScanner(page, testInfo);
      try {
        for (const url of [`/?t=${aarav.token}`, `/contact-owner?type=tagbacktoken&number=${aarav.token}`]) {
          await page.goto(url);
          await expect(page.locator("html")).toHaveAttribute("lang", locale);
          await scanner.check();
        }
      } finally {
        await scanner.close();
      }
    });
  });

  test.describe(`the switch to ${LANGUAGE[locale]} on an English phone`, () => {
    test.use({ locale: "en-IN" });

    test("lasts across pages (a plain form and a cookie: JavaScript or not)", async ({ page }) => {
      await page.goto(`/?t=${aarav.token}`);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      // The scan result's dialog covers the header: its own menu.
      const menu = page.getByRole("dialog").getByTestId("language-menu");
      await menu.locator("summary").click();
      await menu.getByRole("button", { name: LOCALE_NAMES[locale], exact: true }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("dialog", { name: t("scan.dialogTitle") })).toBeVisible();
      expect(new URL(page.url()).search).toBe(`?t=${aarav.token}`);
      // Another page, then a third: still in the chosen language.
      await page.goto("/findowner");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("search.pageTitle"));
      await page.goto("/no-such-page");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("site.notFoundTitle"));
    });
  });
}

// Issue 34: the landing page scrolled sideways at 320 px and 200 % text in every language, English
// too (grids whose column grew with its content, rem paddings that doubled, English words that did
// not break). The landing page with JavaScript on and off; /about (the same sections) and the
// not-found page (its two buttons side by side) with it off.
for (const locale of LOCALES) {
  test(`${locale}: /, /about and a missing page do not scroll sideways at 320 px, at normal text and at 200 %`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const phone = `${locale}-IN`;
    for (const url of jsOn(testInfo) ? ["/"] : ["/", "/about", "/no-such-page"]) {
      for (const textZoom of [undefined, 200]) {
        const size = `${url} at 320 px${textZoom ? ` and ${textZoom} %` : ""}`;
        const result = await measured(page, testInfo, url, { width: 320, textZoom, locale: phone }, async (target) => {
          await expect(target.locator("html")).toHaveAttribute("lang", locale);
          await openLanguageMenus(target);
          await testInfo.attach(`${locale} ${size}.png`, { body: await target.screenshot(), contentType: "image/png" });
          // Nothing cut off at the window's left edge either (the floating buttons, right-aligned, grew
          // leftwards past it at 200 %): that scrolls nowhere, so overflow() cannot see it.
          const cutOffLeft = await target.evaluate(() =>
            [...document.querySelectorAll("body *")]
              .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 1 && el.getBoundingClientRect().left < -1)
              .map((el) => `${el.tagName.toLowerCase()}: "${(el.textContent ?? "").trim().slice(0, 30)}"`),
          );
          return { ...(await overflow(target)), cutOffLeft };
        });
        expect(result.scroll, `${size} is ${result.scroll} px wide in ${result.client} px: ${result.sticksOut.join("; ")}`).toBeLessThanOrEqual(result.client);
        expect(result.cutOffLeft, `${size}: cut off on the left`).toEqual([]);
      }
    }
  });
}

test.describe("done when: a finder in Chennai, a phone in Tamil, no JavaScript", () => {
  test.use({ locale: "ta-IN", javaScriptEnabled: false });

  // JavaScript is off in this test whatever the project: it runs once, in js-off.
  test("scans a sticker, reads the owner in Tamil, sends 'I found this' in Tamil; the owner reads it as written", { tag: "@js-off-only" }, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const ta = (key: MessageKey) => messageIn("ta", key).title;
    const owner = createOwner({ firstName: "Karthik", maskBio: false });
    const written = "உங்கள் சாவி சென்ட்ரல் மெட்ரோ நிலையம், வாசல் 2 இல் கிடைத்தது. நாளை காலை வரை என்னிடம் இருக்கும்.";

    // The sticker's QR code opens the scan result.
    const response = await page.goto(`/?t=${owner.token}`);
    expect(response?.headers()["content-language"]).toBe("ta");
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    const dialog = page.getByRole("dialog", { name: ta("scan.dialogTitle") });
    await expect(dialog.getByRole("heading", { name: ta("scan.ownerInfo") })).toBeVisible();
    await expect(dialog.getByTestId("owner-name")).toHaveText("Karthik Tester");
    await expect(dialog).toContainText(owner.bio);

    await dialog.getByRole("link", { name: ta("contact.button") }).click();
    await expect(page.getByRole("heading", { level: 1, name: ta("contact.pageTitle") })).toBeVisible();
    await page.getByLabel(ta("contact.messageLabel")).fill(written);
    await page.getByLabel(ta("contact.handoverKeep")).check();
    // The form refuses what is sent within MIN_FILL_SECONDS of being shown (a script, not a
    // person), and without JavaScript there is no state to wait for: a person's few seconds.
    await page.waitForTimeout(3_200);
    await page.getByRole("button", { name: ta("contact.send") }).click();

    // The finder's private page, in Tamil, with the message as written.
    await expect(page).toHaveURL(/\/f\/[A-Za-z0-9_-]{43}\?sent=1$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    await expect(page.getByTestId("sent-notice")).toHaveText(ta("contact.sentNotice"));
    await expect(page.getByTestId("thread-state")).toHaveText(ta("contact.stateSent"));
    await expect(page.getByTestId("message")).toHaveText([new RegExp(escapeRegExp(written))]);

    // The owner: the very text in the database and in their conversation (English pages).
    const thread = e2eDb().select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get()!;
    const stored = e2eDb().select({ content: messages.content }).from(messages).where(eq(messages.conversationId, thread.conversationId)).all();
    expect(stored).toEqual([{ content: written }]);
    const ownerContext = await browser.newContext({ ...testInfo.project.use, baseURL, locale: "en-IN", extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
    try {
      await signInAs(ownerContext, owner.id, baseURL!);
      const ownerPage = await ownerContext.newPage();
      await ownerPage.goto(`/messaging/${thread.conversationId}`);
      await expect(ownerPage.locator("html")).toHaveAttribute("lang", "en");
      await expect(ownerPage.getByTestId("message")).toHaveText([new RegExp(escapeRegExp(written))]);
    } finally {
      await ownerContext.close();
    }
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
