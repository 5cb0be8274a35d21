import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/**
 * Runs axe on the page as the project shows it. axe itself is JavaScript, so for the
 * JavaScript-off project the page is opened in a context where axe can run but the app's own
 * scripts are blocked: what is scanned is the server-rendered page a no-JS visitor gets.
 */
export async function expectNoSeriousA11yViolations(page: Page, testInfo: TestInfo) {
  const jsOff = testInfo.project.use.javaScriptEnabled === false;
  let target = page;
  if (jsOff) {
    const context = await page.context().browser()!.newContext({
      ...testInfo.project.use,
      javaScriptEnabled: true,
      storageState: await page.context().storageState(),
    });
    target = await context.newPage();
    await target.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await target.goto(page.url());
  }
  const results = await new AxeBuilder({ page: target }).analyze();
  if (jsOff) await target.context().close();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}
