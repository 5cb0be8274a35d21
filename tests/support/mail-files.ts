// The mails the test SMTP server (./smtp-server.ts) received: one file per recipient,
// MAIL_DIR/<time>-<recipient>.eml, read back by tests.
import fs from "node:fs";
import path from "node:path";

/** The file name of a mail to `recipient` received at `time` (a recipient's odd characters made "_"). */
export function mailFileName(time: string, recipient: string): string {
  return `${time}-${recipient.replace(/[^a-z0-9@._-]/gi, "_")}.eml`;
}

/** Every mail in `dir` to the address, oldest first. */
export function mailsIn(dir: string, address: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const ending = mailFileName("", address);
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(ending))
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"));
}
