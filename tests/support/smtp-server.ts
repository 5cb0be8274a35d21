// A real SMTP server on loopback for tests: every message received is written to MAIL_DIR as
// <time>-<recipient>.eml, where tests read it.   Run: node tests/support/smtp-server.ts
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { mailFileName } from "./mail-files.ts";

const port = Number(process.env.SMTP_PORT ?? 3212);
const dir = process.env.MAIL_DIR!;
fs.mkdirSync(dir, { recursive: true });

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    // A client killed in the middle of its DATA (the outbox's kill tests do this on purpose): that
    // mail never arrived, and the server goes on for the next client.
    stream.on("error", () => callback(new Error("the client went away")));
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      for (const rcpt of session.envelope.rcptTo) {
        fs.writeFileSync(path.join(dir, mailFileName(`${Date.now()}-${process.hrtime.bigint()}`, rcpt.address)), Buffer.concat(chunks));
      }
      callback();
    });
  },
});
// smtp-server reports a client's reset connection (ECONNRESET) as an 'error' event: without a
// listener that would end this process, and with it every mail of the tests after it.
server.on("error", (error: Error) => console.error(`SMTP test server: ${error.message}`));
server.listen(port, "127.0.0.1", () => console.log(`SMTP test server on 127.0.0.1:${port}, writing to ${dir}`));
