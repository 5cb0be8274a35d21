// The finder search, through the browser with JavaScript on (project js-on) and off (js-off).
import type { Page, TestInfo } from "@playwright/test";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, searchFormReady, signInAs, test, uniqueIp } from "./fixtures";
import { createOwner, createUser, demoLogsFrom, historyOf, totalSearchesOf } from "./db";
import { UNLOCK_WRONG_PER_CLIENT, UNLOCK_WRONG_PER_PROFILE_PER_DAY } from "~/features/finder/rules";
import { message } from "~/i18n/messages";

const { aarav, priya, rohan, unclaimedTokens, unverifiedToken } = DEMO_IDENTIFIERS;
const HUMAN_USER_AGENT = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

const dialog = (page: Page) => page.getByRole("dialog", { name: "Owner Found at the product" });
const searchBox = (page: Page) => page.locator("#find-owner");

const ready = (page: Page, testInfo: TestInfo) => searchFormReady(page, testInfo);

async function search(page: Page, type: "Metro Card" | "Other Products", number: string) {
  const box = searchBox(page);
  await ready(page, test.info());
  await box.getByText(type, { exact: true }).click();
  await box.getByRole("textbox").fill(number);
  await box.getByRole("button", { name: "Find Owner" }).click();
}

async function expectFieldMessage(page: Page, title: string, description: string) {
  const field = searchBox(page).getByRole("textbox");
  const alert = searchBox(page).getByRole("alert");
  await expect(alert).toContainText(title);
  await expect(alert).toContainText(description);
  await expect(field).toHaveAttribute("aria-invalid", "true");
}

test.describe("searching from the form", () => {
  test("a token finds its owner, in a dialog rendered with the page", async ({ page }) => {
    await page.goto("/");
    await search(page, "Other Products", aarav.token);
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByTestId("owner-name")).toHaveText("Aarav Sharma");
    await expect(dialog(page)).toContainText("Software engineer in Gurugram");
    await expect(dialog(page).getByRole("heading", { name: "Owner Products" })).toBeVisible();
    await expect(dialog(page).getByText("Laptop", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/[?&]type=tagbacktoken/);
    // Social icons are off for Aarav: no contact buttons.
    await expect(dialog(page).getByRole("link", { name: /^WhatsApp/ })).toHaveCount(0);
  });

  test("a metro card number finds its owner, with contact buttons when the owner enabled them", async ({ page }) => {
    await page.goto("/findowner");
    await search(page, "Metro Card", rohan.metroCard);
    await expect(dialog(page).getByTestId("owner-name")).toHaveText("Rohan Mehta");
    await expect(dialog(page).getByRole("link", { name: /^SMS/ })).toHaveAttribute("href", /^sms:\+919845098450/);
    await expect(dialog(page).getByRole("link", { name: /^Call/ })).toHaveAttribute("href", "tel:+919845012345");
    await expect(dialog(page).getByRole("link", { name: /^Telegram/ })).toHaveAttribute("href", "https://t.me/rohan_blr");
    await expect(dialog(page).getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/919845012345/);
  });

  test("the X menu opens the profile and makes a tweet citing the metro card", async ({ page }) => {
    await page.goto(`/?type=metrocard&number=${aarav.metroCard}`);
    await dialog(page).getByText("@aarav_sharma").click();
    await expect(dialog(page).getByRole("link", { name: "Open Profile" })).toHaveAttribute("href", "https://x.com/aarav_sharma");
    const tweet = await dialog(page).getByRole("link", { name: "Make a Tweet" }).getAttribute("href");
    const text = new URL(tweet!).searchParams.get("text");
    expect(text).toContain("@aarav_sharma");
    expect(text).toContain(aarav.metroCard);
    // Copying the tweet needs script (the clipboard): the scan page's own script offers it.
    const copy = dialog(page).getByRole("button", { name: "Copy tweet template" });
    if (!jsOn(test.info())) return await expect(copy).toBeHidden();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await copy.click();
    await expect(dialog(page).getByText("Copied!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  });

  test("the number keeps digits only and a token shows 4-4-4 (with JavaScript)", { tag: "@js-only" }, async ({ page }, testInfo) => {
    await page.goto("/");
    await ready(page, testInfo);
    const field = searchBox(page).getByRole("textbox");
    await searchBox(page).getByText("Other Products", { exact: true }).click();
    await field.pressSequentially("12ab3456789012345");
    await expect(field).toHaveValue("1234-5678-9012");
    await searchBox(page).getByText("Metro Card", { exact: true }).click();
    await expect(field).toHaveValue(""); // switching type clears the value
    await field.pressSequentially("1234-5678-9012-3456-78");
    await expect(field).toHaveValue("1234567890123456");
    await field.press("Enter");
    // Nobody has that card: the result says so in its own dialog.
    await expect(page.getByRole("dialog", { name: message("scan.missTitle").title })).toBeVisible();
  });

  test("the server accepts spaces and hyphens", async ({ page }) => {
    await page.goto(`/about?type=tagbacktoken&number=${encodeURIComponent("1000 0000-0001")}`);
    await expect(dialog(page).getByTestId("owner-name")).toHaveText("Aarav Sharma");
  });
});

test.describe("validation, both levels", () => {
  const firstLevel = [
    ["Metro Card", "", "Please enter a number", "Enter your metro card number to find its owner"],
    ["Other Products", "", "Please enter a number", "Enter your token number to find its owner"],
    ["Metro Card", "1234567", "Invalid metro card number", "Metro card number should be at least 8 digits"],
    ["Other Products", "12345678901", "Invalid token", "Token should be 12 digits"],
  ] as const;
  for (const [type, number, title, description] of firstLevel) {
    test(`first check: ${type} '${number}' → ${title}`, async ({ page }, testInfo) => {
      await page.goto("/");
      await search(page, type, number);
      await expectFieldMessage(page, title, description);
      await expect(dialog(page)).toHaveCount(0);
      // With JavaScript the message shows before any request: the URL has not changed.
      if (jsOn(testInfo)) expect(new URL(page.url()).search).toBe("");
      else expect(new URL(page.url()).searchParams.get("type")).toBeTruthy();
    });
  }

  const secondLevel = [
    ["/?t=", "Missing Information", "Please enter an identifier to search."],
    ["/?t=12345", "Invalid Token", "The token must be a 12-digit number."],
    ["/findowner?owner=1234567890123", "Invalid Token", "The token must be a 12-digit number."],
    ["/about?type=metrocard&number=12345678901234567", "Invalid Metro Card Number", "Metro card number must be between 8 and 16 digits."],
    ["/?type=metrocard&number=1234abcd", "Invalid Metro Card Number", "Metro card number must be between 8 and 16 digits."],
    ["/?type=token&number=1234567890123", "Invalid Token", "The token must be a 12-digit number."],
  ] as const;
  for (const [url, title, description] of secondLevel) {
    test(`second check: ${url} → ${title}`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(400);
      await expectFieldMessage(page, title, description);
      await expect(dialog(page)).toHaveCount(0);
    });
  }
});

test.describe("URL parameters", () => {
  const forms = [
    `/?t=${aarav.token}`,
    `/?token=${aarav.token}`,
    `/?owner=${aarav.token}`,
    `/?type=tagbacktoken&number=${aarav.token}`,
    `/?type=TOKEN&number=${aarav.token}`,
    `/?type=MetroCard&number=${aarav.metroCard}`,
    `/about?t=${aarav.token}`,
    `/about?type=metrocard&number=${aarav.metroCard}`,
    `/findowner?owner=${aarav.token}`,
    `/findowner?type=TagbackToken&number=1000-0000-0001`,
  ];
  for (const url of forms) {
    test(`${url} opens the owner in the first response`, async ({ page, request }) => {
      const html = await (await request.get(url)).text();
      expect(html).toContain("Owner Found at the product");
      expect(html).toContain("Aarav Sharma");
      await page.goto(url);
      await expect(dialog(page).getByTestId("owner-name")).toHaveText("Aarav Sharma");
      // The form shows the search.
      await expect(searchBox(page).getByRole("textbox")).toHaveValue(url.includes("metro") || url.includes("Metro") ? aarav.metroCard : "1000-0000-0001");
    });
  }

  for (const pathname of ["/", "/about", "/findowner"]) {
    test(`an unknown type on ${pathname} shows 'Invalid Search Type'`, async ({ page }) => {
      const response = await page.goto(`${pathname}?type=passport&number=12345678`);
      expect(response?.status()).toBe(400);
      const alert = page.getByTestId("search-alert");
      await expect(alert).toContainText("Invalid Search Type");
      await expect(alert).toContainText("The search type in the URL is invalid.");
      await expect(dialog(page)).toHaveCount(0);
    });
  }
});

test("a scan is a page, not an app: no hydration, one small script that adds the comforts", async ({ page }, testInfo) => {
  const scripts: string[] = [];
  let scriptBytes = 0;
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(new URL(response.url()).pathname);
    scriptBytes += (await response.body()).length;
  });
  await page.goto(`/?t=${aarav.token}`);
  await expect(dialog(page).getByTestId("owner-name")).toHaveText("Aarav Sharma");
  await searchFormReady(page, testInfo);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  if (jsOn(testInfo)) {
    expect(scripts[0]).toMatch(/^\/assets\/result-page-browser-[\w-]+\.js$/);
    // Uncompressed, so well within the 15 KB (compressed) the scan path may spend on script.
    expect(scriptBytes).toBeLessThan(15_000);
  } else {
    expect(scripts).toEqual([]);
  }
  // A page that needs the router is still hydrated: the one the close link opens.
  await dialog(page).getByRole("link", { name: "Close" }).click();
  await searchFormReady(page, testInfo, { hydrated: true });
});

test("a scan's page does not move once painted: no layout shift when its script comes late", { tag: "@js-only" }, async ({ page }) => {
  // On a slow network the owner is painted long before the script arrives: hold it back as one would.
  await page.route(/\/assets\/result-page-browser-.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto(`/?t=${aarav.token}`);
  await expect(page.locator("form#owner-search[data-enhanced=true]")).toHaveCount(1);
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shifted).toBe(0);
  await expect(dialog(page).getByRole("button", { name: "Share my location with the owner" })).toBeVisible();
});

test("without script, the page does not offer to share the position (it needs script)", async ({ page }, testInfo) => {
  await page.goto(`/?t=${aarav.token}`);
  await expect(dialog(page).getByTestId("owner-name")).toHaveText("Aarav Sharma");
  const share = dialog(page).getByRole("button", { name: "Share my location with the owner" });
  if (jsOn(testInfo)) await expect(share).toBeVisible();
  else await expect(share).toBeHidden();
});

test.describe("closing the dialog", () => {
  test("the close link returns to the page without the search", async ({ page }) => {
    await page.goto(`/?t=${aarav.token}`);
    await dialog(page).getByRole("link", { name: "Close" }).click();
    await expect(dialog(page)).toHaveCount(0);
    expect(new URL(page.url()).search).toBe("");
  });

  test("Escape, a click outside and back close it (with JavaScript)", { tag: "@js-only" }, async ({ page }, testInfo) => {
    await page.goto(`/findowner?t=${aarav.token}`);
    await expect(dialog(page)).toBeVisible();
    await ready(page, testInfo);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);

    await search(page, "Other Products", aarav.token);
    await expect(dialog(page)).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog(page)).toHaveCount(0);

    await search(page, "Other Products", aarav.token);
    await expect(dialog(page)).toBeVisible();
    await page.goBack();
    await expect(dialog(page)).toHaveCount(0);
  });
});

test.describe("the not-found placeholder", () => {
  const miss = (page: Page) => page.getByRole("dialog", { name: message("scan.missTitle").title });

  test("unknown and unverified tokens get the same response apart from the number", { tag: "@js-off-only" }, async ({ request }) => {
    const numbers = ["987654321098", unverifiedToken];
    const normalise = (body: string, number: string) =>
      body.replaceAll(number, "NUMBER").replaceAll(number.replace(/(\d{4})(?=\d)/g, "$1-"), "NUMBER").replace(/nonce="[^"]+"/g, 'nonce=""');
    const pages = await Promise.all(numbers.map(async (n) => normalise(await (await request.get(`/?t=${n}`)).text(), n)));
    const data = await Promise.all(numbers.map(async (n) => normalise(await (await request.get(`/_.data?t=${n}`)).text(), n)));
    expect(pages[1]).toBe(pages[0]);
    expect(data[1]).toBe(data[0]);
    expect(pages[0]).toContain("No Tagback owner is registered for the token NUMBER.");
  });

  test("an unclaimed sticker says it is not activated yet, and how to activate it", async ({ page }) => {
    await page.goto(`/?t=${unclaimedTokens[0]}`);
    const activation = page.getByRole("dialog", { name: message("scan.notActivatedTitle").title });
    await expect(activation).toContainText(message("scan.yoursSteps").title);
    await expect(activation.getByRole("link", { name: message("scan.activate").title })).toHaveAttribute("href", "/auth?redirectTo=%2Ftoken");
    await expect(dialog(page)).toHaveCount(0);
  });

  test("an unknown metro card says plainly that no owner was found, and what to do", async ({ page }) => {
    await page.goto("/findowner");
    await search(page, "Metro Card", "11223344556677");
    await expect(miss(page)).toContainText("No Tagback owner is registered for the metro card number 11223344556677.");
    await expect(miss(page)).toContainText(message("scan.metroCounter").title);
    await expect(miss(page).getByRole("img")).toHaveCount(0);
    await expect(dialog(page)).toHaveCount(0);
  });
});

test.describe("the demo", () => {
  test("?demo=location shows the demo profile and logs the demo search", async ({ page, clientIp }) => {
    await page.goto("/?demo=Delhi");
    await expect(dialog(page).getByTestId("owner-name")).toHaveText("Ananya Rao (demo)");
    expect(demoLogsFrom(clientIp)).toEqual([{ location: "delhi", ip: clientIp }]);
    await page.goto("/about?demo=atlantis");
    await expect(dialog(page).getByTestId("owner-name")).toHaveText("Ananya Rao (demo)");
    expect(demoLogsFrom(clientIp)).toHaveLength(1); // an unknown location is not logged
  });

  test("Scan demo opens the demo profile; its bio unlocks with 5678 and the checkbox shows it", async ({ page }) => {
    await page.goto("/");
    await page.locator("#hero").getByRole("link", { name: "Scan demo" }).click();
    await expect(dialog(page).getByTestId("owner-name")).toHaveText("Ananya Rao (demo)", { timeout: 5000 });
    await expect(searchBox(page).getByRole("textbox")).toHaveValue("1234-5678-9012");
    await unlock(page, "5678");
    await expect(dialog(page).getByTestId("owner-bio")).toContainText("This is the Tagback demo profile");
    // The checkbox resets the unlock entry: unmasked, then masked again.
    await page.goto("/?t=123456789012");
    const checkbox = dialog(page).getByRole("checkbox");
    await checkbox.check();
    if (await dialog(page).getByRole("button", { name: "Apply" }).isVisible()) await dialog(page).getByRole("button", { name: "Apply" }).click();
    await expect(dialog(page).getByTestId("owner-bio")).toContainText("This is the Tagback demo profile");
  });
});

async function unlock(page: Page, digits: string) {
  await ready(page, test.info());
  await dialog(page).getByLabel("Unlock digits", { exact: true }).pressSequentially(digits);
  await dialog(page).getByRole("button", { name: "Unlock" }).click();
}

test.describe("the masked bio", () => {
  test("stays hidden until the right digits, then shows", async ({ page }) => {
    const owner = createOwner();
    await page.goto(`/?type=metrocard&number=${owner.metroCard}`);
    await expect(dialog(page)).toContainText("The owner has hidden this information.");
    expect(await page.content()).not.toContain(owner.bio);
    await unlock(page, owner.unlockDigits);
    await expect(dialog(page).getByTestId("owner-bio")).toHaveText(owner.bio);
  });

  test("wrong digits say so", async ({ page }) => {
    const owner = createOwner();
    await page.goto(`/findowner?t=${owner.token}`);
    await unlock(page, owner.unlockDigits === "0000" ? "1111" : "0000");
    await expect(dialog(page).getByRole("alert")).toContainText("Those digits are not right.");
    await expect(dialog(page).getByTestId("owner-bio")).toHaveCount(0);
  });

  test("five wrong tries lock this client out, even for the right digits", async ({ page }) => {
    const owner = createOwner();
    const wrong = owner.unlockDigits === "0000" ? "1111" : "0000";
    await page.goto(`/about?t=${owner.token}`);
    for (let i = 0; i < 4; i++) {
      await unlock(page, wrong);
      await expect(dialog(page).getByRole("alert")).toContainText("Those digits are not right.");
    }
    await unlock(page, wrong);
    await expect(dialog(page).getByRole("alert")).toContainText("Too many wrong tries.");
    await unlock(page, owner.unlockDigits);
    await expect(dialog(page).getByRole("alert")).toContainText("Too many wrong tries.");
    await expect(dialog(page).getByTestId("owner-bio")).toHaveCount(0);
  });

  test("with JavaScript, the one unlock field keeps to digits (issue 34: no boxes swapped in)", { tag: "@js-only" }, async ({ page }) => {
    const owner = createOwner();
    await page.goto(`/?t=${owner.token}`);
    await ready(page, test.info());
    await expect(dialog(page).getByRole("textbox", { name: /Digit \d of 4/ })).toHaveCount(0);
    const field = dialog(page).getByLabel("Unlock digits", { exact: true });
    await field.pressSequentially(`${owner.unlockDigits.slice(0, 2)}-${owner.unlockDigits.slice(2)}`);
    await expect(field).toHaveValue(owner.unlockDigits);
    await dialog(page).getByRole("button", { name: "Unlock" }).click();
    await expect(dialog(page).getByTestId("owner-bio")).toHaveText(owner.bio);
  });
});

test.describe("what the owner shares with signed-in finders", () => {
  test("a signed-in finder who unlocks sees the e-mail and mobile the owner shows; before that, nothing", async ({ page, context, baseURL }) => {
    const owner = createOwner(); // shows e-mail and mobile (tests/e2e/db.ts)
    await signInAs(context, createUser().id, baseURL!);
    await page.goto(`/findowner?t=${owner.token}`);
    await expect(dialog(page)).toContainText("and the contact details the owner shares with signed-in finders");
    expect(await page.content()).not.toContain(owner.email);
    await unlock(page, owner.unlockDigits);
    await expect(dialog(page).getByTestId("owner-bio")).toHaveText(owner.bio);
    const shared = dialog(page).getByTestId("shared-contacts");
    await expect(shared.getByRole("link", { name: owner.email })).toHaveAttribute("href", `mailto:${owner.email}`);
    await expect(shared.getByRole("link", { name: owner.mobile })).toHaveAttribute("href", `tel:${owner.mobile}`);
  });

  test("an anonymous finder who unlocks sees the bio and no shared contact details", async ({ page }) => {
    const owner = createOwner();
    await page.goto(`/findowner?t=${owner.token}`);
    await expect(dialog(page)).not.toContainText("contact details the owner shares");
    await unlock(page, owner.unlockDigits);
    await expect(dialog(page).getByTestId("owner-bio")).toHaveText(owner.bio);
    await expect(dialog(page).getByTestId("shared-contacts")).toHaveCount(0);
    expect(await page.content()).not.toContain(owner.email);
  });
});

test.describe("the masked bio under attack", () => {
  test("after too many wrong digits from everyone, the dialog asks for the full token, which unlocks", async ({ page, request, baseURL }) => {
    const owner = createOwner();
    const wrong = owner.unlockDigits === "0000" ? "1111" : "0000";
    // Others fail on this profile from several clients (never enough from one to lock it).
    let attacker = uniqueIp();
    for (let i = 0; i < UNLOCK_WRONG_PER_PROFILE_PER_DAY; i++) {
      if (i % (UNLOCK_WRONG_PER_CLIENT - 1) === 0) attacker = uniqueIp();
      const response = await request.post(`/findowner?t=${owner.token}`, {
        headers: { Origin: baseURL!, "Fly-Client-IP": attacker },
        form: { intent: "unlock", type: "tagbacktoken", number: owner.token, digits: wrong },
      });
      expect(response.status()).toBe(i === UNLOCK_WRONG_PER_PROFILE_PER_DAY - 1 ? 403 : 400);
    }

    // The rightful finder scans the sticker: the dialog asks for the full token straight away (the
    // digits are switched off for this profile; posting them is refused, as the loop above shows).
    await page.goto(`/?t=${owner.token}`);
    await expect(dialog(page)).toContainText("Enter the full 12-digit token printed on the sticker to read it.");
    await expect(dialog(page).getByRole("textbox", { name: /Digit \d of 4/ })).toHaveCount(0);
    await expect(dialog(page).getByLabel("Unlock digits", { exact: true })).toHaveCount(0);
    await expect(dialog(page).getByTestId("owner-bio")).toHaveCount(0);

    // The token form: a typo says so and keeps the form; the token as printed unlocks.
    const tokenField = dialog(page).getByLabel("Sticker token");
    await tokenField.fill(`${owner.token.slice(0, 11)}${(Number(owner.token[11]) + 1) % 10}`);
    await dialog(page).getByRole("button", { name: "Unlock" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText(message("unlock.wrongToken").title);
    await dialog(page).getByLabel("Sticker token").fill(owner.token.replace(/(\d{4})(?=\d)/g, "$1-"));
    await dialog(page).getByRole("button", { name: "Unlock" }).click();
    await expect(dialog(page).getByTestId("owner-bio")).toHaveText(owner.bio);
  });
});

test.describe("logging", () => {
  test("a search adds a history row and counts; an unlock does not count again", async ({ page }) => {
    const owner = createOwner();
    await page.goto(`/?type=metrocard&number=${owner.metroCard}`);
    await expect(dialog(page)).toBeVisible();
    expect(historyOf(owner.id).map((row) => [row.search_type, row.search_value])).toEqual([["metro_card", owner.metroCard]]);
    expect(totalSearchesOf(owner.id)).toBe(1);
    await unlock(page, owner.unlockDigits);
    await expect(dialog(page).getByTestId("owner-bio")).toHaveText(owner.bio);
    expect(totalSearchesOf(owner.id)).toBe(1);
  });

  test("bots get the page but are not logged", { tag: "@js-off-only" }, async ({ request }) => {
    const owner = createOwner({ maskBio: false });
    const response = await request.get(`/?t=${owner.token}`, {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(owner.bio);
    expect(historyOf(owner.id)).toEqual([]);
  });

  test("with consent, the browser's position updates the search's row", { tag: "@js-only" }, async ({ page, context, baseURL }, testInfo) => {
    const owner = createOwner({ maskBio: false });
    await context.setGeolocation({ latitude: 12.9716, longitude: 77.5946 });
    await page.goto(`/?t=${owner.token}`);
    await ready(page, testInfo);
    // Nothing is sent without the finder asking.
    expect(historyOf(owner.id)[0]?.latitude).toBeNull();
    await context.grantPermissions(["geolocation"], { origin: baseURL });
    await dialog(page).getByRole("button", { name: "Share my location with the owner" }).click();
    await expect(dialog(page).getByText("Your location was shared with the owner.")).toBeVisible();
    expect(historyOf(owner.id)).toMatchObject([{ latitude: 12.9716, longitude: 77.5946 }]);
  });

  test("the location endpoint refuses other sites, forged visits and another owner's number", { tag: "@js-off-only" }, async ({ request, baseURL }) => {
    const owner = createOwner({ maskBio: false });
    const crossSite = await request.post("/search/location", {
      headers: { Origin: "https://evil.example" },
      form: { number: owner.token, latitude: "1", longitude: "1" },
    });
    expect(crossSite.status()).toBe(403);
    // A visits cookie whose ticket is not ours names no visit.
    const forgedTickets = Buffer.from(JSON.stringify(["some-row.99999999999999.bad"])).toString("base64");
    const forged = await request.post("/search/location", {
      headers: { Origin: baseURL!, Cookie: `tb_visits=${encodeURIComponent(forgedTickets)}` },
      form: { number: owner.token, latitude: "1", longitude: "1" },
    });
    expect(forged.status()).toBe(400);
    // This client's own visit, but another number: nothing to update.
    await request.get(`/?t=${owner.token}`, { headers: { "User-Agent": HUMAN_USER_AGENT } });
    const other = await request.post("/search/location", { headers: { Origin: baseURL! }, form: { number: aarav.token, latitude: "1", longitude: "1" } });
    expect(other.status()).toBe(409);
    expect(historyOf(owner.id)).toMatchObject([{ latitude: null }]);
  });
});

test("the 11th search in a minute from one IP is refused with 429 and no dialog", async ({ page }) => {
  for (let i = 0; i < 10; i++) {
    const response = await page.goto(`/?type=metrocard&number=${priya.metroCard}`);
    expect(response?.status()).toBe(200);
  }
  const response = await page.goto(`/findowner?t=${aarav.token}`);
  expect(response?.status()).toBe(429);
  const alert = page.getByTestId("search-alert");
  await expect(alert).toContainText("Too many searches");
  await expect(alert).toContainText("You can perform up to 10 searches per minute from this IP address. Please try again later.");
  await expect(dialog(page)).toHaveCount(0);
});

test("the owner dialog has no serious accessibility violation", async ({ page }, testInfo) => {
  await page.goto(`/?t=${rohan.token}`);
  await expect(dialog(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
});
