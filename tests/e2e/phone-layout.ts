// A page as a phone shows it, measured: a fresh context at a given width, language and text zoom,
// with the app's scripts blocked for the JavaScript-off project (the measuring script still runs,
// as tests/e2e/a11y.ts does), and what sticks out sideways. Shared by the language specs.
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, uniqueIp } from "./fixtures";

const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

export async function measured<T>(
  page: Page,
  testInfo: TestInfo,
  url: string,
  options: { width: number; textZoom?: number; locale: string },
  measure: (target: Page) => Promise<T>,
): Promise<T> {
  const browser: Browser = page.context().browser()!;
  const context = await browser.newContext({
    ...testInfo.project.use,
    locale: options.locale,
    javaScriptEnabled: true,
    viewport: { width: options.width, height: 640 },
    bypassCSP: Boolean(options.textZoom),
    extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() },
  });
  const target = await context.newPage();
  if (!jsOn(testInfo)) await target.route(/\/assets\/.*\.js$/, (route) => route.abort());
  try {
    await target.goto(url);
    if (options.textZoom) {
      // Text zoom: the root font size grows, as a phone's font-size setting makes it; every rem
      // follows. Added after the page's own stylesheet (linked or inline: this context bypasses the
      // page's policy so the test may add a style), and checked, so a zoom that did not apply fails.
      await target.addStyleTag({ content: `html{font-size:${options.textZoom}%}` });
      expect(await target.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${(16 * options.textZoom) / 100}px`);
    }
    if (jsOn(testInfo) && url.includes("find")) await target.waitForLoadState("networkidle");
    return await measure(target);
  } finally {
    await context.close();
  }
}

/** The page's width against the window's, and (for the failure message) what sticks out. */
export const overflow = (target: Page) =>
  target.evaluate(() => {
    const client = document.documentElement.clientWidth;
    // What sticks out past the window's right edge with no scrolling box around it to hold it.
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== "visible") return true;
      }
      return false;
    };
    const sticksOut = [...document.querySelectorAll("body *")]
      .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > client + 1 && !clipped(el))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(" ").slice(0, 4).join(".")}: "${(el.textContent ?? "").slice(0, 30)}"`);
    return { scroll: document.documentElement.scrollWidth, client, sticksOut };
  });

