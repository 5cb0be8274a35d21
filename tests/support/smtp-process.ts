// The loopback SMTP server (./smtp-server.ts) as a child process of a test, and the mails it
// received, decoded enough to read a code and a link (quoted-printable soft breaks and escapes).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, waitForExit } from "../integration/helpers";
import { mailsIn } from "./mail-files";

export type SmtpProcess = {
  url: string;
  port: number;
  mailDir: string;
  /** Every mail to the address so far, oldest first, decoded. */
  mailsTo: (address: string) => string[];
  /** Waits until the address has more than `seen` mails and returns the newest. */
  nextMailTo: (address: string, seen: number, timeoutMs?: number) => Promise<string>;
  stop: () => Promise<void>;
};

function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Starts the SMTP server. A test that stops it and starts it again (an outage) passes the first
 * one's `port` and `mailDir`: the same address, the same mails; that folder is then the test's to remove.
 */
export async function startSmtp(options: { port?: number; mailDir?: string } = {}): Promise<SmtpProcess> {
  const dir = options.mailDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), "tagback-smtp-"));
  const mailDir = options.mailDir ?? path.join(dir!, "mail");
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [path.resolve("tests/support/smtp-server.ts")], {
    env: { ...process.env, SMTP_PORT: String(port), MAIL_DIR: mailDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => String(chunk).includes("SMTP test server on") && resolve());
    child.on("exit", (code) => reject(new Error(`the SMTP server exited (${code})`)));
  });
  const mailsTo = (address: string) => mailsIn(mailDir, address).map(decode);
  return {
    url: `smtp://127.0.0.1:${port}`,
    mailDir,
    mailsTo,
    async nextMailTo(address, seen, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mails = mailsTo(address);
        if (mails.length > seen) return mails.at(-1)!;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no new mail to ${address}`);
    },
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await waitForExit(child);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
