// A slow phone on a slow link: the page's HTML is there and usable, its scripts come seconds later.
// `lateScripts(page)` holds every script the page asks for (module scripts and their preloads) by
// SCRIPT_DELAY_MS, so a test can type and tap on the server's HTML and then let the scripts arrive,
// and check that what was typed and sent survives React's start-up (issue 34). The delay is the
// simulated network; tests wait for what a person would see (`scriptsStarted`), never for time.
import { expect, type Page, type Request, type TestInfo } from "@playwright/test";

export const SCRIPT_DELAY_MS = 3000;

const isScript = (request: Request) => request.resourceType() === "script";

/**
 * The scripts of this page (and of each page it navigates to) arrive `delayMs` after its HTML: each
 * document's scripts are held until then, however many rounds of imports follow, as a slow link
 * delivers a page's JavaScript seconds after the page.
 */
export async function lateScripts(page: Page, delayMs = SCRIPT_DELAY_MS) {
  const state = { releaseAt: Date.now() + delayMs, pending: 0 };
  SCRIPTS.set(page, state);
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) state.releaseAt = Date.now() + delayMs;
    if (!isScript(request)) return route.fallback();
    state.pending += 1;
    try {
      const wait = state.releaseAt - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // The page may have gone in the meantime (a navigation): nothing to deliver then.
      await route.continue().catch(() => undefined);
    } finally {
      state.pending -= 1;
    }
  });
}

const SCRIPTS = new WeakMap<Page, { releaseAt: number; pending: number }>();

/**
 * Opens `url` and returns as soon as its HTML is there (not at `load`, which waits for scripts):
 * what a person on a slow phone sees and starts using.
 */
export async function openBeforeScripts(page: Page, url: string) {
  await page.goto(url, { waitUntil: "commit" });
  await expect(page.locator("body")).toBeVisible();
}

/**
 * The page's scripts have run: React hydrated it (`data-hydrated` on <html>, set by the root once
 * hydrated), or started up elsewhere (`data-startup`), or — a scan result, which React never runs
 * (decision 017) — the result page's own script enhanced it.
 */
export async function scriptsStarted(page: Page) {
  await expect.poll(() => started(page), { timeout: SCRIPT_DELAY_MS + 10_000 }).toBe(true);
}

/**
 * Whether the document's scripts have run, read straight from the browser (Chromium's DevTools
 * protocol): Playwright's own evaluate waits for a pending navigation to end first, and here the
 * question is asked while a form sent from this document waits for its answer.
 */
async function started(page: Page): Promise<boolean> {
  const session = await page.context().newCDPSession(page);
  try {
    const { result } = await session.send("Runtime.evaluate", { expression: `document.documentElement.matches(${JSON.stringify(STARTED)})` });
    return result.value === true;
  } catch {
    return false;
  } finally {
    await session.detach().catch(() => undefined);
  }
}

const STARTED = 'html:is([data-hydrated], [data-enhanced], [data-startup="deferred"])';

/**
 * Holds the document POSTs of this page (a form sent without the router) until the page's late
 * scripts have been delivered, so the post is still on its way while they run and React starts:
 * the moment the issue saw a tap lost. (The page itself cannot be asked while its navigation is
 * paused: Playwright and the DevTools protocol both wait for it; so this waits on the scripts'
 * delivery, which the fixture itself does.)
 */
export async function holdPostsUntilScripts(page: Page, testInfo: TestInfo) {
  // Without JavaScript no script ever comes: the post goes at once.
  if (testInfo.project.use.javaScriptEnabled === false) return;
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (request.method() !== "POST" || !request.isNavigationRequest()) return route.fallback();
    const state = SCRIPTS.get(page);
    if (state) await expect.poll(() => Date.now() >= state.releaseAt && state.pending === 0, { timeout: SCRIPT_DELAY_MS + 10_000 }).toBe(true);
    await route.fallback();
  });
}
