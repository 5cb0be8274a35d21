// /puzzle: the answer is checked on the server (both accepted answers, any case, spaces), a wrong
// one opens 'Oops!', an over-long one is refused, and the answer is in no response before it is
// given. Confetti only with JavaScript and never under reduced motion.
import { expect, test } from "./fixtures";

const ANSWER = /ojas|mehra/i;

async function answer(page: import("@playwright/test").Page, text: string) {
  await page.goto("/puzzle");
  await page.getByLabel("The thief's name").fill(text);
  await page.getByRole("button", { name: "Check Answer" }).click();
}

// The page has no script (checked here), so it is the same page with JavaScript on: run once.
test("the page: the case, the sample metro card, the answer field; no script, no answer", { tag: "@js-off-only" }, async ({ page, request }) => {
  const response = await page.goto("/puzzle");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Puzzle of the Day")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "The Bank Robbery Case" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "The card found under the vault door." })).toContainText("Last 4 journeys");
  const field = page.getByLabel("The thief's name");
  await expect(field).toHaveAttribute("maxlength", "10");
  const html = await (await request.get("/puzzle")).text();
  expect(html).not.toMatch(ANSWER);
  expect(html).not.toContain("<script");
  const data = await request.get("/puzzle.data");
  expect(await data.text()).not.toMatch(ANSWER);
});

for (const given of ["ojas", "OJAS MEHRA", "  Ojas  "]) {
  test(`a right answer (${JSON.stringify(given)}) opens the congratulations dialog`, async ({ page }) => {
    await answer(page, given);
    const dialog = page.getByRole("dialog", { name: "Congratulations!" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Your reward: the title of Tagback Super Sleuth");
    await dialog.getByRole("link", { name: "Close" }).first().click();
    await expect(page).toHaveURL(/\/puzzle$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
}

test("a wrong answer opens 'Oops!' with the hint; Try Again goes back to the question", async ({ page, request }) => {
  await answer(page, "Inspector");
  const dialog = page.getByRole("dialog", { name: "Oops!" });
  await expect(dialog).toContainText("Hint: The thief's name is hidden in plain sight... literally!");
  await dialog.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/puzzle$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByLabel("The thief's name")).toBeVisible();

  const wrong = await request.post("/puzzle", { form: { answer: "robber" } });
  expect(wrong.status()).toBe(200);
  expect(await wrong.text()).not.toMatch(ANSWER);
});

test("an over-long answer is refused with a message and 400, and gives nothing away", async ({ page, request }) => {
  const response = await request.post("/puzzle", { form: { answer: "ojas mehra1" } });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("Answer too long");
  expect(html).not.toContain("Congratulations!");
  expect(html.replace(/value="[^"]*"/g, "")).not.toMatch(ANSWER);

  // The browser's field cannot take more than 10 characters; past it, the server says why.
  await page.goto("/puzzle");
  const field = page.getByLabel("The thief's name");
  await field.evaluate((input) => input.removeAttribute("maxlength"));
  await field.fill("abcdefghijk");
  await page.getByRole("button", { name: "Check Answer" }).click();
  await expect(page.getByRole("alert")).toContainText("The answer can be at most 10 characters");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("an empty answer asks for a name", { tag: "@js-off-only" }, async ({ request }) => {
  const response = await request.post("/puzzle", { form: { answer: "   " } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Type the thief&#x27;s name to check your answer.");
});

test("a right answer throws 30 pieces of confetti for 3 seconds @js-only", async ({ page }) => {
  await answer(page, "ojas");
  await expect(page.getByRole("dialog", { name: "Congratulations!" })).toBeVisible();
  await expect(page.locator("[data-confetti] > span")).toHaveCount(30);
  await expect(page.locator("[data-confetti]")).toHaveCount(0, { timeout: 5_000 });
});

test("no confetti under prefers-reduced-motion @js-only", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await answer(page, "ojas");
  await expect(page.getByRole("dialog", { name: "Congratulations!" })).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.locator("[data-confetti]")).toHaveCount(0);
});
