// The privacy, terms and refund pages: every section and figure the spec names, no script.
import { expectNoSeriousA11yViolations } from "./a11y";
import { createUser } from "./db";
import { expect, signInAs, test } from "./fixtures";

const PAGES = [
  {
    path: "/privacy-policy",
    title: "Privacy Policy",
    date: "Last updated: May 2, 2025",
    sections: ["Data we collect", "How we use your data", "Lawful basis for processing", "Who we share data with", "How long we keep data", "Your rights", "Deleting your account and data", "Security", "International transfers", "Minors", "Cookies", "Changes to this policy", "Contact and grievance officer"],
    figures: ["about 30 days", "45 days", "18 years old", "16", "European Economic Area", "California", "India", "DB-IP", "CC BY 4.0", "support@tagback.app"],
  },
  {
    path: "/terms-and-conditions",
    title: "Terms and Conditions",
    date: "Last updated: May 2, 2025",
    sections: ["Using Tagback", "Accounts", "Privacy", "Prohibited uses", "Intellectual property", "Suspension and termination", "Disclaimer", "Limitation of liability", "Governing law", "Changes to these terms", "Contact"],
    figures: ["30 days' notice", "laws of India", "18 years old", "support@tagback.app"],
  },
  {
    path: "/refund-policy",
    title: "Refund Policy",
    date: "Effective date: April 26, 2025",
    sections: ["Eligibility for a refund", "What cannot be refunded", "How to return a kit", "Refunds", "Late or missing refunds", "Exchanges", "Contact"],
    figures: ["14 days", "7 business days", "10 business days", "original packaging", "proof of purchase", "digital services or subscriptions", "photos"],
  },
];

for (const policy of PAGES) {
  // The page has no script (checked below), so it is the same page with JavaScript on: run once.
  test(`${policy.path}: every section and figure, no script`, { tag: "@js-off-only" }, async ({ page, request }, testInfo) => {
    const response = await page.goto(policy.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${policy.title} | Tagback`);
    await expect(page.getByRole("heading", { level: 1, name: policy.title })).toBeVisible();
    await expect(page.getByText(policy.date)).toBeVisible();
    const contents = page.getByRole("navigation", { name: "Contents" });
    for (const [index, section] of policy.sections.entries()) {
      await expect(page.getByRole("heading", { level: 2, name: `${index + 1}. ${section}`, exact: true })).toBeVisible();
      await expect(contents.getByRole("link", { name: section, exact: true })).toBeVisible();
    }
    const text = await page.locator("main").innerText();
    for (const figure of policy.figures) expect(text, figure).toContain(figure);
    expect(await (await request.get(policy.path)).text()).not.toContain("<script");
    await expectNoSeriousA11yViolations(page, testInfo);
  });
}

test("a signed-in visitor gets the floating widget on the blog, the puzzle and the legal pages; a signed-out one does not", async ({ page, context, baseURL }) => {
  const contentPages = ["/blog", "/blog/lost-your-metro-card-first-hour", "/puzzle", ...PAGES.map((p) => p.path)];
  for (const path of contentPages) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.getByTestId("floating-actions"), path).toHaveCount(0);
  }
  await signInAs(context, createUser().id, baseURL!);
  for (const path of contentPages) {
    await page.goto(path);
    const widget = page.getByTestId("floating-actions");
    await expect(widget, path).toBeVisible();
    await expect(widget.getByRole("link", { name: "Buy Stickers" }), path).toBeVisible();
    // Contact us is a <details>: its menu opens without JavaScript too.
    await widget.getByText("Contact us").click();
    await expect(widget.getByRole("link", { name: "Chat on WhatsApp" }), path).toBeVisible();
  }
});
