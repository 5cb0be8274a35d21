// The outbox's delivery loop (decision 032): CPU per notification delivered, measured in one process
// against a real SMTP server on loopback (smtp-server, in a child process so its work is not
// counted). N mails are queued as a finder's message queues them, then one delivery pass sends
// them all: CPU = this process's user + system time over the pass, divided by N.
//
//   node scripts/bench/outbox.ts [--mails 2000]
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "./servers.ts";

export type OutboxBench = { mails: number; cpuMsPerMail: number; seconds: number; delivered: number };

export async function measureOutbox(mails: number): Promise<OutboxBench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-outbox-bench-"));
  const port = await freePort();
  const smtp = spawn(process.execPath, ["tests/support/smtp-server.ts"], {
    env: { ...process.env, SMTP_PORT: String(port), MAIL_DIR: path.join(dir, "mail") },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      smtp.stdout!.on("data", (chunk: Buffer) => String(chunk).includes("SMTP test server on") && resolve());
      smtp.once("exit", (code) => reject(new Error(`the SMTP server exited (${code})`)));
    });
    // The environment is read on first use: mail over SMTP, as in production.
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const { openDatabase } = await import("../../db/connection.ts");
    const { deliverDue, queueMails } = await import("../../app/core/outbox.server.ts");
    const { getEnv } = await import("../../app/core/env.server.ts");
    if (getEnv().mailDelivery !== "smtp") throw new Error("the outbox bench must deliver over SMTP: the environment was read before SMTP_URL was set");
    const { db } = openDatabase(path.join(dir, "outbox.db"));
    const text = `Someone found your item (Token 1000-0000-0001) and wrote to you through Tagback.\n\n${"> Found your keys at Rajiv Chowk, gate 2\n".repeat(5)}`;
    db.transaction((tx) => {
      queueMails(
        tx,
        Array.from({ length: mails }, (_, i) => ({ key: `bench:${i}`, kind: "contact" as const, to: `owner-${i}@bench.example.com`, subject: "Found: Token 1000-0000-0001", text })),
      );
    });
    const cpu = process.cpuUsage();
    const started = performance.now();
    const delivered = await deliverDue(db);
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - started) / 1000;
    db.$client.close();
    return { mails, delivered, seconds, cpuMsPerMail: (used.user + used.system) / 1000 / mails };
  } finally {
    smtp.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function renderOutbox(result: OutboxBench): string {
  return [
    `## The outbox's delivery loop (mail over SMTP on loopback)`,
    ``,
    `${result.delivered.toLocaleString("en")} of ${result.mails.toLocaleString("en")} queued mails delivered in ${result.seconds.toFixed(1)} s, one at a time: **${result.cpuMsPerMail.toFixed(2)} ms of CPU per mail** (the server's side: composing, nodemailer, marking the row).`,
  ].join("\n");
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { mails: { type: "string", default: "2000" } } });
  console.log(renderOutbox(await measureOutbox(Number(values.mails))));
}
