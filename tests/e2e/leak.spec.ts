// The privacy promise, checked on the bytes: an anonymous finder never receives the owner's
// e-mail or mobile number, nor any of the owner's internal ids (the user id), nor a masked bio
// before the right unlock digits, whatever URL form, page or data request (React Router's `.data`
// single-fetch requests) they use, the "I found this" form included.
import type { APIResponse } from "@playwright/test";
import { createOwner, createUser, type TestOwner } from "./db";
import { expect, searchFormReady, signInAs, test, uniqueIp } from "./fixtures";
import { UNLOCK_WRONG_PER_CLIENT, UNLOCK_WRONG_PER_PROFILE_PER_DAY } from "~/features/finder/rules";

function finderUrls(owner: TestOwner): string[] {
  const searches = [
    `t=${owner.token}`,
    `token=${owner.token}`,
    `owner=${owner.token}`,
    `type=tagbacktoken&number=${owner.token}`,
    `type=token&number=${owner.token.replace(/(\d{4})(?=\d)/g, "$1-")}`,
    `type=METROCARD&number=${owner.metroCard}`,
  ];
  const urls: string[] = [];
  for (const [page, data] of [["/", "/_.data"], ["/about", "/about.data"], ["/findowner", "/findowner.data"]] as const) {
    for (const search of searches) {
      urls.push(`${page}?${search}`, `${data}?${search}`);
    }
    // The route-targeted form the client uses when only the page's loader reloads.
    urls.push(`${data}?${searches[0]}&_routes=${page === "/" ? "routes/_index" : `routes/${page.slice(1)}`}`);
  }
  // "I found this": the form's page and its data request (its ticket names the owner, sealed).
  for (const page of ["/contact-owner", "/contact-owner.data"]) urls.push(`${page}?type=tagbacktoken&number=${owner.token}`);
  return urls;
}

async function bytesOf(response: APIResponse) {
  const headers = Object.entries(response.headers())
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
  return `${headers}\n${await response.text()}`;
}

function expectNoSecrets(body: string, owner: TestOwner, where: string, { bio = true } = {}) {
  expect(body, `${where} leaks the e-mail`).not.toContain(owner.email);
  expect(body, `${where} leaks the mobile number`).not.toContain(owner.mobile);
  expect(body, `${where} leaks the owner's user id`).not.toContain(owner.id);
  if (bio) expect(body, `${where} leaks the masked bio`).not.toContain(owner.bio);
}

test("no finder URL, page or data request returns e-mail, mobile, the owner's user id or masked bio", { tag: "@js-off-only" }, async ({ request }) => {
  // Social icons are off, and the owner's social numbers are the mobile number: none may appear.
  const owner = createOwner({ maskBio: true, useSocialIcons: false });
  const urls = finderUrls(owner);
  let searches = 0;
  for (const url of urls) {
    // Stay under the 10-a-minute search limit: a fresh client address every few requests.
    const clientIp = `10.250.${Math.floor(searches / 8) % 250}.${(searches % 8) + 1}`;
    searches += 1;
    const response = await request.get(url, { headers: { "Fly-Client-IP": clientIp } });
    expect(response.status(), url).toBeLessThan(400);
    const body = await bytesOf(response);
    expect(body, `${url} should hold the owner`).toContain("Probe Tester");
    expectNoSecrets(body, owner, url);
  }
});

test("a signed-in finder who is not the owner receives exactly what an anonymous one does", async ({ page, context, baseURL }) => {
  const owner = createOwner({ maskBio: true, useSocialIcons: false });
  const finder = createUser();
  await signInAs(context, finder.id, baseURL!);
  // Every finder URL, "/" included: a sticker scan shows a signed-in finder the result too.
  const urls = finderUrls(owner);
  let searches = 0;
  for (const url of urls) {
    const clientIp = `10.252.${Math.floor(searches / 8) % 250}.${(searches % 8) + 1}`;
    searches += 1;
    const response = await page.request.get(url, { headers: { "Fly-Client-IP": clientIp } });
    expect(response.status(), url).toBeLessThan(400);
    const body = await bytesOf(response);
    expect(body, `${url} should hold the owner`).toContain("Probe Tester");
    expectNoSecrets(body, owner, `${url} (signed in)`);
  }
});

test("a wrong unlock returns nothing secret; the right one returns the bio and still no e-mail or mobile", { tag: "@js-off-only" }, async ({ request, baseURL }) => {
  const owner = createOwner({ maskBio: true });
  const wrong = owner.unlockDigits === "0000" ? "1111" : "0000";
  for (const path of ["/?index", "/about.data", "/findowner"]) {
    const form = { intent: "unlock", type: "tagbacktoken", number: owner.token, digits: wrong };
    const response = await request.post(path, { headers: { Origin: baseURL! }, form });
    expectNoSecrets(await bytesOf(response), owner, `wrong unlock on ${path}`);
  }
  for (const path of ["/?index", "/_.data?index", "/about.data"]) {
    const response = await request.post(path, {
      headers: { Origin: baseURL!, "Fly-Client-IP": "10.251.0.1" },
      form: { intent: "unlock", type: "metrocard", number: owner.metroCard, digits: owner.unlockDigits },
    });
    const body = await bytesOf(response);
    expect(body, `right unlock on ${path}`).toContain(owner.bio);
    expectNoSecrets(body, owner, `right unlock on ${path}`, { bio: false });
  }
});

test("once a profile's digits are switched off, nothing secret arrives until the right full token", { tag: "@js-off-only" }, async ({ request, baseURL }) => {
  const owner = createOwner({ maskBio: true });
  const wrong = owner.unlockDigits === "0000" ? "1111" : "0000";
  const unlock = (fields: Record<string, string>, clientIp: string, path = "/findowner") =>
    request.post(path, {
      headers: { Origin: baseURL!, "Fly-Client-IP": clientIp },
      form: { intent: "unlock", type: "metrocard", number: owner.metroCard, ...fields },
    });
  let attacker = uniqueIp();
  for (let i = 0; i < UNLOCK_WRONG_PER_PROFILE_PER_DAY; i++) {
    if (i % (UNLOCK_WRONG_PER_CLIENT - 1) === 0) attacker = uniqueIp();
    expectNoSecrets(await bytesOf(await unlock({ digits: wrong }, attacker)), owner, `wrong digits ${i + 1}`);
  }
  // The right digits are refused now, and so is a wrong token: nothing secret either way.
  const refused = await unlock({ digits: owner.unlockDigits }, uniqueIp());
  expect(refused.status()).toBe(403);
  expectNoSecrets(await bytesOf(refused), owner, "right digits after the threshold");
  const wrongToken = `${owner.token.slice(0, 11)}${(Number(owner.token[11]) + 1) % 10}`;
  for (const path of ["/findowner", "/about.data"]) {
    expectNoSecrets(await bytesOf(await unlock({ stickerToken: wrongToken }, uniqueIp(), path)), owner, `wrong token on ${path}`);
  }
  // The full token: the bio, and still no e-mail or mobile.
  for (const path of ["/findowner", "/_.data?index"]) {
    const body = await bytesOf(await unlock({ stickerToken: owner.token }, uniqueIp(), path));
    expect(body, `right token on ${path}`).toContain(owner.bio);
    expectNoSecrets(body, owner, `right token on ${path}`, { bio: false });
  }
});

test("with the browser, nothing secret arrives until the right digits", async ({ page }, testInfo) => {
  const owner = createOwner({ maskBio: true });
  // Every document and data response passes through here, so its exact bytes are recorded
  // (reading bodies from response events is unreliable for streamed fetch responses).
  const bodies: Array<{ url: string; body: string }> = [];
  await page.route(
    (url) => !url.pathname.startsWith("/assets/"),
    async (route) => {
      let response;
      let body;
      try {
        response = await route.fetch();
        body = await response.body();
      } catch {
        // The browser dropped the request (a navigation replaced it): nothing reached the page.
        await route.abort().catch(() => undefined);
        return;
      }
      bodies.push({ url: route.request().url(), body: body.toString("utf8") });
      await route.fulfill({ response, body });
    },
  );
  const settled = () => page.waitForLoadState("networkidle");
  await page.goto(`/?t=${owner.token}`);
  await expect(page.getByRole("dialog")).toBeVisible();
  // A second search made from the form: with JavaScript it is a `.data` request (the scan's page
  // is not hydrated; the page the close link opens is).
  await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await searchFormReady(page, testInfo, { hydrated: true });
  await page.locator("#find-owner").getByText("Metro Card", { exact: true }).click();
  await page.locator("#find-owner").getByRole("textbox").fill(owner.metroCard);
  await page.locator("#find-owner").getByRole("button", { name: "Find Owner" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await settled();
  if (testInfo.project.use.javaScriptEnabled !== false) {
    expect(bodies.map((b) => b.url).join("\n"), "with JavaScript the search is a data request").toContain(".data?");
  }
  for (const { url, body } of bodies) expectNoSecrets(body, owner, url);

  const before = bodies.length;
  // One field, with JavaScript or without (decision 036): typed as a person types.
  await page.getByRole("dialog").getByLabel("Unlock digits", { exact: true }).pressSequentially(owner.unlockDigits);
  await page.getByRole("dialog").getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByTestId("owner-bio")).toHaveText(owner.bio);
  await settled();
  for (const { url, body } of bodies.slice(before)) expectNoSecrets(body, owner, url, { bio: false });
});
