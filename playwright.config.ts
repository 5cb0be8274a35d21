import { defineConfig, devices } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumPath } from "./scripts/check-chromium.ts";

// One fresh database per test run; workers inherit the path from the runner's environment.
process.env.TAGBACK_E2E_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "tagback-e2e-"));
const PORT = Number(process.env.TAGBACK_E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const OIDC_PORT = PORT + 1;
const SMTP_PORT = PORT + 2;
export const OIDC_URL = `http://127.0.0.1:${OIDC_PORT}`;
process.env.TAGBACK_E2E_MAIL_DIR = path.join(process.env.TAGBACK_E2E_DIR, "mail");

const chromium = {
  // Debian's Chromium unless CHROMIUM_PATH says otherwise; `npm test` checks it is there first.
  executablePath: chromiumPath(),
  // Without the background-networking flags Chromium floods this machine's closed network.
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const phone = { ...devices["Pixel 7"], defaultBrowserType: "chromium" as const };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    // Tests of a page as the server renders it, or with JavaScript off whatever the project (the
    // Tamil finder's "done when"), carry the @js-off-only tag and run once, in js-off.
    { name: "js-on", use: { ...phone, javaScriptEnabled: true }, grepInvert: /@js-off-only/ },
    // Tests of what only JavaScript adds (typing help, Escape, digit boxes, geolocation) carry the
    // @js-only tag; their no-JavaScript counterparts are separate tests that run in both projects.
    { name: "js-off", use: { ...phone, javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: [
    {
      // A real OpenID provider on loopback stands in for Google.
      command: "node tests/support/oidc-server.ts",
      url: `${OIDC_URL}/.well-known/openid-configuration`,
      env: { OIDC_PORT: String(OIDC_PORT) },
      reuseExistingServer: false,
    },
    {
      // A real SMTP server on loopback receives the confirmation mails.
      command: "node tests/support/smtp-server.ts",
      port: SMTP_PORT,
      env: { SMTP_PORT: String(SMTP_PORT), MAIL_DIR: process.env.TAGBACK_E2E_MAIL_DIR },
      reuseExistingServer: false,
    },
    {
      command: "node server.js",
      url: `${BASE_URL}/healthcheck`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        APP_URL: BASE_URL,
        NODE_ENV: "production",
        DATABASE_PATH: path.join(process.env.TAGBACK_E2E_DIR, "e2e.db"),
        DEV_MODE_PASSWORD: "e2e-pass",
        SESSION_SECRET: "e2e-session-secret",
        SHOP_URL: "https://shop.example.test",
        // Tests give each test its own client IP through Fly-Client-IP (see tests/e2e/fixtures.ts).
        TRUST_PROXY: "fly",
        GOOGLE_CLIENT_ID: "tagback-e2e",
        GOOGLE_CLIENT_SECRET: "tagback-e2e-secret",
        OAUTH_AUTHORIZATION_URL: `${OIDC_URL}/authorize`,
        OAUTH_TOKEN_URL: `${OIDC_URL}/token`,
        OAUTH_USERINFO_URL: `${OIDC_URL}/userinfo`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Heavy jobs (sheets, cards) at the usual priority, as in the unit tests (tests/setup/setup-test-env.ts):
        // at production's 19 another program on the machine would starve them for minutes.
        HEAVY_JOB_NICE: "0",
        // No metrics port: it would collide with another run's, or with an `npm start` beside it.
        METRICS_PORT: "0",
      },
    },
  ],
});
