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
        // Written aside, then renamed into place: a test polling the folder from another process
        // could otherwise read the file between its creation and its write — a mail with no text.
        const file = path.join(dir, mailFileName(`${Date.now()}-${process.hrtime.bigint()}`, rcpt.address));
        fs.writeFileSync(`${file}.partial`, Buffer.concat(chunks));
        fs.renameSync(`${file}.partial`, file);
      }
      callback();
    });
  },
});
// smtp-server reports a client's reset connection (ECONNRESET) as an 'error' event: without a
// listener that would end this process, and with it every mail of the tests after it.
server.on("error", (error: Error) => console.error(`SMTP test server: ${error.message}`));
server.listen(port, "127.0.0.1", () => console.log(`SMTP test server on 127.0.0.1:${port}, writing to ${dir}`));
