// A page as a phone shows it, measured: a fresh context at a given width, language and text zoom,
// with the app's scripts blocked for the JavaScript-off project (the measuring script still runs,
// as tests/e2e/a11y.ts does), and what sticks out sideways. Shared by the language specs.
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, uniqueIp } from "./fixtures";

const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

export type PhoneOptions = { width: number; textZoom?: number; locale: string };

/**
 * A phone to open pages in, one after another: one context at the given width, language and text
 * zoom, reused for each URL (CI time: the stylesheet and pictures come from its cache). Every
 * visit is a full document load with its own client IP (per-IP limits never add up across the
 * pages) and, for the JavaScript-off project, the app's scripts blocked.
 */
export async function phone(page: Page, testInfo: TestInfo, options: PhoneOptions) {
  const browser: Browser = page.context().browser()!;
  const context = await browser.newContext({
    ...testInfo.project.use,
    locale: options.locale,
    javaScriptEnabled: true,
    viewport: { width: options.width, height: 640 },
    bypassCSP: Boolean(options.textZoom),
  });
  const target = await context.newPage();
  if (!jsOn(testInfo)) await target.route(/\/assets\/.*\.js$/, (route) => route.abort());
  return {
    target,
    async visit(url: string): Promise<Page> {
      await target.setExtraHTTPHeaders({ "Fly-Client-IP": uniqueIp() });
      await target.goto(url);
      if (options.textZoom) {
        // Text zoom: the root font size grows, as a phone's font-size setting makes it; every rem
        // follows. Added after the page's own stylesheet (linked or inline: this context bypasses the
        // page's policy so the test may add a style), and checked, so a zoom that did not apply fails.
        await target.addStyleTag({ content: `html{font-size:${options.textZoom}%}` });
        expect(await target.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${(16 * options.textZoom) / 100}px`);
      }
      if (jsOn(testInfo) && url.includes("find")) await target.waitForLoadState("networkidle");
      return target;
    },
    close: () => context.close(),
  };
}

/** One page measured on a phone of its own (see `phone`). */
export async function measured<T>(page: Page, testInfo: TestInfo, url: string, options: PhoneOptions, measure: (target: Page) => Promise<T>): Promise<T> {
  const device = await phone(page, testInfo, options);
  try {
    return await measure(await device.visit(url));
  } finally {
    await device.close();
  }
}

/** Each page measured in turn on one phone (see `phone`). */
export async function measuredEach<T>(
  page: Page,
  testInfo: TestInfo,
  urls: readonly string[],
  options: PhoneOptions,
  measure: (target: Page, url: string) => Promise<T>,
): Promise<T[]> {
  const device = await phone(page, testInfo, options);
  try {
    const results: T[] = [];
    for (const url of urls) results.push(await measure(await device.visit(url), url));
    return results;
  } finally {
    await device.close();
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

