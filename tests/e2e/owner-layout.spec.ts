// The owner's pages hold their layout in every language (issue 48): on a 320 px phone with its text
// at 200 %, with JavaScript on and off, no page scrolls sideways, nothing sticks out, and no label,
// button or field cuts its own text (scrollWidth within clientWidth). The bottom navigation's six
// labels are on every page, so the longest language's labels are measured on each; axe finds
// nothing serious. One phone (one context) per language, each page loaded in turn
// (tests/e2e/phone-layout.ts).
import { LOCALES } from "../../app/core/locale.ts";
import { seriousA11yViolations } from "./a11y";
import { createOwner } from "./db";
import { expect, signInAs, test } from "./fixtures";
import { overflow, phone } from "./phone-layout";

const OWNER_PAGES = ["/profile", "/profile?edit=1", "/token", "/settings", "/lost", "/found", "/lost-found", "/messaging"];

/** Labels, buttons and fields whose own text is wider than their box (cut off or scrolled inside). */
const cutText = (target: import("@playwright/test").Page) =>
  target.evaluate(() =>
    [...document.querySelectorAll("label, button, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, [data-bottom-nav] a")]
      // Shown ones only: a visually hidden label (sr-only: one pixel, clipped) is read, not seen.
      .filter((el) => el.getClientRects().length > 0 && (el as HTMLElement).clientWidth > 1 && (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()} "${((el as HTMLInputElement).value || el.textContent || "").trim().slice(0, 40)}" ${(el as HTMLElement).scrollWidth}>${(el as HTMLElement).clientWidth}`),
  );

for (const locale of LOCALES) {
  test(`in ${locale}, at 320 px and 200 % text: no owner page scrolls sideways or cuts a label, button or field`, async ({ page, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const owner = createOwner();
    const device = await phone(page, testInfo, { width: 320, textZoom: 200, locale });
    const jsOn = testInfo.project.use.javaScriptEnabled !== false;
    try {
      await signInAs(device.target.context(), owner.id, baseURL!);
      const problems: string[] = [];
      for (const url of OWNER_PAGES) {
        const target = await device.visit(url);
        await expect(target.locator("html")).toHaveAttribute("lang", locale);
        const { scroll, client, sticksOut } = await overflow(target);
        if (scroll > client + 1) problems.push(`${url}: ${scroll} px wide in ${client} (${sticksOut.join("; ")})`);
        for (const cut of await cutText(target)) problems.push(`${url}: ${cut}`);
        // axe in each language once, on the page as scripts leave it (CI time: the pages without
        // JavaScript are scanned in English by their own specs, and their markup is the same).
        if (jsOn) for (const found of await seriousA11yViolations(target)) problems.push(`${url}: ${found}`);
      }
      expect(problems).toEqual([]);
    } finally {
      await device.close();
    }
  });
}

test("at 320 px and normal text the bottom navigation shows every tab's label in full, in every language (two rows where six do not fit)", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const owner = createOwner();
  const rows: Record<string, number> = {};
  for (const locale of LOCALES) {
    const device = await phone(page, testInfo, { width: 320, locale });
    try {
      await signInAs(device.target.context(), owner.id, baseURL!);
      const target = await device.visit("/messaging");
      const tabs = await target.locator("[data-bottom-nav] a").evaluateAll((links) =>
        links.map((link) => {
          const label = link.querySelector("span")!;
          return { text: label.textContent, shown: label.clientWidth > 1, cut: label.scrollWidth > label.clientWidth + 1, top: Math.round(link.getBoundingClientRect().top) };
        }),
      );
      expect(tabs, locale).toHaveLength(6);
      for (const tab of tabs) expect(tab, `${locale}: ${tab.text}`).toMatchObject({ shown: true, cut: false });
      rows[locale] = new Set(tabs.map((tab) => tab.top)).size;
    } finally {
      await device.close();
    }
  }
  // Tamil's labels are the widest (8.3 em): two rows of three; every other language fits one row.
  expect(rows).toEqual({ en: 1, hi: 1, mr: 1, bn: 1, ta: 2, te: 1, kn: 1 });
});
