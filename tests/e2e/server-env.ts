// The app's own modules run in this test process too (signInAs makes sessions with the app's
// createSession). They read their settings through getEnv(), which parses process.env once on first
// use, so the variables that shape a session cookie are copied here from the e2e server's entry in
// playwright.config.ts: the cookie is signed with exactly the server's secret, never a copy of it.
import config from "../../playwright.config";

const server = [config.webServer ?? []].flat().find((entry) => entry.command === "node server.js");
if (!server?.env) throw new Error("playwright.config.ts has no `node server.js` web server with an env");

for (const name of ["SESSION_SECRET", "APP_URL"] as const) {
  const value = server.env[name];
  if (!value) throw new Error(`the e2e server's env in playwright.config.ts has no ${name}`);
  process.env[name] = value;
}
