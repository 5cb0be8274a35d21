import AxeBuilder from "@axe-core/playwright";
import { expect, type BrowserContext, type Page, type TestInfo } from "@playwright/test";

/**
 * Runs axe on the page as the project shows it. axe itself is JavaScript, so for the
 * JavaScript-off project the page is opened in a context where axe can run but the app's own
 * scripts are blocked: what is scanned is the server-rendered page a no-JS visitor gets.
 */
export async function expectNoSeriousA11yViolations(page: Page, testInfo: TestInfo) {
  const scanner = a11yScanner(page, testInfo);
  try {
    await scanner.check();
  } finally {
    await scanner.close();
  }
}

/** axe's serious and critical findings on what `page` shows now, one line each (none: an empty list). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * The same check, for a test that runs it on several pages (or sizes) in turn: `check()` scans
 * what `page` shows now. For the JavaScript-off project the scanning context is made once and
 * reused (CI time); before each scan it takes the page's cookies and window size, then loads the
 * page's URL afresh with the app's scripts blocked.
 */
export function a11yScanner(page: Page, testInfo: TestInfo) {
  const jsOff = testInfo.project.use.javaScriptEnabled === false;
  let context: BrowserContext | undefined;
  let target: Page | undefined;
  return {
    async check() {
      let scanned = page;
      if (jsOff) {
        const state = await page.context().storageState();
        if (!context) {
          context = await page.context().browser()!.newContext({ ...testInfo.project.use, javaScriptEnabled: true, storageState: state });
          target = await context.newPage();
          await target.route(/\/assets\/.*\.js$/, (route) => route.abort());
        } else {
          await context.clearCookies();
          await context.addCookies(state.cookies);
        }
        const size = page.viewportSize();
        if (size) await target!.setViewportSize(size);
        await target!.goto(page.url());
        scanned = target!;
      }
      expect(await seriousA11yViolations(scanned), scanned.url()).toEqual([]);
    },
    async close() {
      await context?.close();
    },
  };
}
