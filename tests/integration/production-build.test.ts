// The build the tests run is the build users get: tests/setup/build-app.ts builds with
// NODE_ENV=production although vitest sets "test", so build/ holds React's production client, and
// server.js (as `npm start` and the bench run it) refuses a build that is not a production build
// rather than serve it (server/production-build.js).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, expect, test } from "vitest";
import { BUILD_MODE_FILE, notProductionBuild, SERVER_BUNDLE } from "../../server/production-build.js";
import { spawnServer, startServer, stopServer, waitForExit, type ServerProcess } from "./helpers";

const CLIENT_ASSETS = "build/client/assets";
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test("the build used by tests is a production build, with React's production client", () => {
  expect(notProductionBuild()).toBeNull();
  const scripts = fs.readdirSync(CLIENT_ASSETS).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  // React's development build records on every element the stack that created it (`_debugStack`);
  // its production build has no such field.
  const development = scripts.filter((name) => fs.readFileSync(path.join(CLIENT_ASSETS, name), "utf8").includes("_debugStack"));
  expect(development).toEqual([]);
});

/**
 * A project folder whose build/ is this build's server bundle (a link) with the given mode file
 * (none for `undefined`), and db/ for the migrations: what server.js finds when started there.
 */
function projectWithBuildMode(nodeEnv: string | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-build-mode-"));
  dirs.push(dir);
  const serverDir = path.join(dir, path.dirname(SERVER_BUNDLE));
  fs.mkdirSync(serverDir, { recursive: true });
  fs.symlinkSync(path.resolve(SERVER_BUNDLE), path.join(dir, SERVER_BUNDLE));
  fs.symlinkSync(path.resolve("db"), path.join(dir, "db"));
  if (nodeEnv !== undefined) fs.writeFileSync(path.join(serverDir, BUILD_MODE_FILE), JSON.stringify({ nodeEnv }));
  return dir;
}

/** Resolves when the server has exited or says it listens, whichever comes first. */
async function exitedOrListening(server: ServerProcess) {
  const exited = waitForExit(server.child);
  const listening = new Promise<void>((resolve) => {
    const check = () => /listening/.test(server.output()) && resolve();
    server.child.stdout!.on("data", check);
    server.child.stderr!.on("data", check);
  });
  await Promise.race([exited, listening]);
}

test.each([
  ["built with NODE_ENV=test", "test", /not a production build: it was built with NODE_ENV=test/],
  ["built with NODE_ENV=development", "development", /not a production build: it was built with NODE_ENV=development/],
  ["that does not say how it was built", undefined, /not a production build: .*build-mode\.json is missing/],
])("server.js refuses a build %s, with exit code 1 and one line, before serving", async (_, nodeEnv, message) => {
  const dir = projectWithBuildMode(nodeEnv);
  const server = await spawnServer({ DATABASE_PATH: path.join(dir, "refused.db") }, { cwd: dir });
  try {
    await exitedOrListening(server);
  } finally {
    await stopServer(server);
  }
  expect(server.child.exitCode).toBe(1);
  expect(server.stderr()).toMatch(message);
  expect(server.stderr()).toMatch(/NODE_ENV=production npm run build/);
  expect(server.output()).not.toMatch(/listening/);
  expect(fs.existsSync(path.join(dir, "refused.db"))).toBe(false);
});

test("server.js serves the same bundle when it says it is a production build", async () => {
  const dir = projectWithBuildMode("production");
  const server = await startServer({ DATABASE_PATH: path.join(dir, "served.db") }, { cwd: dir });
  try {
    expect((await fetch(`${server.url}/healthcheck`)).status).toBe(200);
  } finally {
    await stopServer(server);
  }
});

test("the browser's build has each language's catalogue in a chunk of its own, and English in the messages chunk alone", () => {
  const scripts = fs.readdirSync(CLIENT_ASSETS).filter((name) => name.endsWith(".js"));
  const chunkOf = (prefix: string) => scripts.filter((name) => name.startsWith(`${prefix}-`));
  // Words each catalogue has and no other: Hindi's "Returned to its owner — thank you", the Tamil
  // and Kannada for "sticker".
  const words = { hi: "मालिक को वापस मिल गया — धन्यवाद", ta: "ஸ்டிக்கர்", kn: "ಸ್ಟಿಕ್ಕರ್" };
  for (const [locale, word] of Object.entries(words)) {
    expect(chunkOf(locale)).toHaveLength(1);
    const holders = scripts.filter((name) => fs.readFileSync(path.join(CLIENT_ASSETS, name), "utf8").includes(word));
    expect(holders, `${locale}'s words are only in its own chunk`).toEqual(chunkOf(locale));
  }
  // DESIGN §8: a hydrating page's JavaScript under 150 KB compressed; the catalogue a page loads is a
  // fraction of it (all seven in one chunk were 161 KB).
  const [messages] = chunkOf("messages");
  expect(zlib.gzipSync(fs.readFileSync(path.join(CLIENT_ASSETS, messages!))).length).toBeLessThan(40_000);
});
