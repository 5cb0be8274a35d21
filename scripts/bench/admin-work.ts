// `npm run bench -- --admin-work`: does heavy admin work leave the finders alone? One server
// process, as Fly runs it. An admin (signed in through developer mode, as a person would) mints a
// batch of 10,000 stickers from the page and, at the same time, downloads the PDF sheet of a
// 2,000-sticker batch, while a probe asks for the health check and a scan every 50 ms. Prints how
// long each took, the probes' slowest answers, and the server's longest event-loop delay, read from
// its own /metrics (prom-client's nodejs_eventloop_lag_max_seconds, scraped every second: each scrape
// gives the longest delay since the one before).
import { spawnSync } from "node:child_process";
import { DEMO_IDENTIFIERS, DEMO_PASSWORDS } from "../../db/seed.ts";
import { MINT_PROGRESS_REFRESH_SECONDS } from "../../app/features/stickers/rules.ts";
import { randomPublicIp } from "./client-ips.ts";
import type { Server } from "./servers.ts";

export type AdminWorkOptions = { mintCount: number; sheetCount: number; metricsPort: number; devModePassword: string; databasePath: string };

export type AdminWork = {
  mintCount: number;
  sheetCount: number;
  mintSeconds: number;
  pdfSeconds: number;
  pdfBytes: number;
  probes: number;
  healthcheck: Latencies;
  scan: Latencies;
  /** The server's longest event-loop delay while the work ran, in ms; null without metrics. */
  eventLoopMaxMs: number | null;
};
export type Latencies = { p50: number; p99: number; max: number; failed: number };

const ADMIN_IP = "198.51.100.77";
const PROBE_EVERY_MS = 50;
/** An admin reading the form and typing a count before pressing Mint. */
const ADMIN_TYPES_MS = 3_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function cookiesOf(response: Response): string {
  return response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
}

async function post(app: Server, path: string, fields: Record<string, string>, cookie: string) {
  return fetch(app.base + path, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { Origin: app.base, Cookie: cookie, "Fly-Client-IP": ADMIN_IP, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** Developer mode, then the demo owner's password: the session cookie of an admin. */
export async function signInAdmin(app: Server, options: Pick<AdminWorkOptions, "devModePassword" | "databasePath">): Promise<string> {
  const { email } = DEMO_IDENTIFIERS.aarav;
  const password = DEMO_PASSWORDS.signIn;
  const granted = spawnSync(process.execPath, ["scripts/admin.ts", "grant", email], {
    env: { ...process.env, DATABASE_PATH: options.databasePath },
    encoding: "utf8",
  });
  if (granted.status !== 0) throw new Error(`admin grant failed: ${granted.stderr}`);
  const unlocked = await post(app, "/auth", { intent: "dev-unlock", password: options.devModePassword, redirectTo: "/" }, "");
  const devCookie = cookiesOf(unlocked);
  const signedIn = await post(app, "/auth", { intent: "sign-in", email, password, redirectTo: "/admin/stickers" }, devCookie);
  const cookie = [devCookie, cookiesOf(signedIn)].filter(Boolean).join("; ");
  const page = await fetch(`${app.base}/admin/stickers`, { headers: { Cookie: cookie, "Fly-Client-IP": ADMIN_IP } });
  if (page.status !== 200) throw new Error(`signing in as an admin failed: /admin/stickers answered ${page.status}`);
  return cookie;
}

/** Opens the mint's form, types for ADMIN_TYPES_MS, mints `count` and follows the batch's page until it is done; the batch id. */
export async function mintFromPage(app: Server, cookie: string, count: number): Promise<string> {
  // As a person does: the page with the form (which starts the mint's thread), then typing.
  const form = await fetch(`${app.base}/admin/stickers`, { headers: { Cookie: cookie, "Fly-Client-IP": ADMIN_IP } });
  await form.arrayBuffer();
  if (form.status !== 200) throw new Error(`the mint's form answered ${form.status}`);
  await sleep(ADMIN_TYPES_MS);
  const started = await post(app, "/admin/stickers", { intent: "mint", count: String(count), mintKey: crypto.randomUUID() }, cookie);
  const location = started.headers.get("Location");
  if (started.status !== 303 || !location) throw new Error(`minting answered ${started.status}`);
  for (;;) {
    const page = await (await fetch(app.base + location, { headers: { Cookie: cookie, "Fly-Client-IP": ADMIN_IP } })).text();
    if (page.includes('data-testid="minted-batch"')) return location.split("/").pop()!;
    if (page.includes('data-testid="mint-failed"')) throw new Error("minting failed");
    // As often as the page itself looks again (its meta refresh without JavaScript).
    await sleep(MINT_PROGRESS_REFRESH_SECONDS * 1000);
  }
}

function latencies(values: number[], failed: number): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, failed };
}

async function eventLoopMaxSeconds(metricsPort: number): Promise<number | null> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const match = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? ([0-9.e+-]+)$/m.exec(text);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export async function measureAdminWork(app: Server, options: AdminWorkOptions): Promise<AdminWork> {
  const cookie = await signInAdmin(app, options);
  // The batch whose sheet is printed during the big mint, minted first (not measured).
  const sheetBatch = await mintFromPage(app, cookie, options.sheetCount);

  const scanUrl = `${app.base}/?t=${DEMO_IDENTIFIERS.aarav.token}`;
  const probes = { healthcheck: [] as number[], scan: [] as number[], failed: { healthcheck: 0, scan: 0 } };
  let loopMax: number | null = null;
  let running = true;
  const probe = async (kind: "healthcheck" | "scan", url: string) => {
    const started = performance.now();
    try {
      const response = await fetch(url, { headers: { "Fly-Client-IP": randomPublicIp() } });
      await response.arrayBuffer();
      if (response.status !== 200) probes.failed[kind]++;
      else probes[kind].push(performance.now() - started);
    } catch {
      probes.failed[kind]++;
    }
  };
  const probing = (async () => {
    while (running) {
      await Promise.all([probe("healthcheck", `${app.base}/healthcheck`), probe("scan", scanUrl), sleep(PROBE_EVERY_MS)]);
    }
  })();
  const scraping = (async () => {
    await eventLoopMaxSeconds(options.metricsPort); // starts the window
    while (running) {
      await sleep(1_000);
      const seconds = await eventLoopMaxSeconds(options.metricsPort);
      if (seconds !== null) loopMax = Math.max(loopMax ?? 0, seconds);
    }
  })();

  const mintStarted = performance.now();
  const minting = mintFromPage(app, cookie, options.mintCount).then(() => (performance.now() - mintStarted) / 1000);
  await sleep(2_000); // the mint job is running
  const pdfStarted = performance.now();
  const pdf = await fetch(`${app.base}/admin/stickers/${sheetBatch}/sheet.pdf`, { headers: { Cookie: cookie, "Fly-Client-IP": ADMIN_IP } });
  const pdfBytes = (await pdf.arrayBuffer()).byteLength;
  if (pdf.status !== 200) throw new Error(`the PDF sheet answered ${pdf.status}`);
  const pdfSeconds = (performance.now() - pdfStarted) / 1000;
  const mintSeconds = await minting;
  running = false;
  await Promise.all([probing, scraping]);

  return {
    mintCount: options.mintCount,
    sheetCount: options.sheetCount,
    mintSeconds,
    pdfSeconds,
    pdfBytes,
    probes: probes.healthcheck.length + probes.failed.healthcheck,
    healthcheck: latencies(probes.healthcheck, probes.failed.healthcheck),
    scan: latencies(probes.scan, probes.failed.scan),
    eventLoopMaxMs: loopMax === null ? null : loopMax * 1000,
  };
}

export function renderAdminWork(work: AdminWork): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const row = (name: string, l: Latencies) => `| ${name} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.max)} | ${l.failed} |`;
  return [
    `## Admin work beside the finders (one process)`,
    ``,
    `An admin minted ${work.mintCount.toLocaleString("en")} stickers from the page in ${work.mintSeconds.toFixed(1)} s and, meanwhile, downloaded the PDF of ${work.sheetCount.toLocaleString("en")} stickers (${(work.pdfBytes / 1e6).toFixed(1)} MB) in ${work.pdfSeconds.toFixed(1)} s. A probe asked every ${PROBE_EVERY_MS} ms (${work.probes} times):`,
    ``,
    `| request | p50 | p99 | slowest | failed |`,
    `| --- | --- | --- | --- | --- |`,
    row("/healthcheck", work.healthcheck),
    row("scan", work.scan),
    ``,
    `Longest event-loop delay of the server meanwhile: ${work.eventLoopMaxMs === null ? "n/a (no nodejs_eventloop_lag_max_seconds on METRICS_PORT)" : ms(work.eventLoopMaxMs)} (budget 50 ms; the probes' budget 100 ms).`,
  ].join("\n");
}
