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

/** A received mail's headers (folded ones unfolded, encoded words decoded) and its body's lines, decoded. */
export function readMail(mail: string): { headers: string[]; lines: string[] } {
  const split = mail.indexOf("\r\n\r\n");
  const headers = mail
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")
    .map((line) => utf8(line.replace(/\?=\s+=\?/g, "?==?").replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) => wordBytes(encoding, text))));
  const encoding = headers.find((line) => /^content-transfer-encoding:/i.test(line))?.split(":")[1]?.trim().toLowerCase();
  const raw = mail.slice(split + 4);
  const body =
    encoding === "base64"
      ? Buffer.from(raw, "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? utf8(raw.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))))
        : raw;
  return { headers, lines: body.split(/\r?\n/) };
}

/** An RFC 2047 encoded word's bytes, one character per byte. */
function wordBytes(encoding: string, text: string): string {
  if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("latin1");
  return text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Bytes held one per character, read as UTF-8. */
function utf8(bytes: string): string {
  return Buffer.from(bytes, "latin1").toString("utf8");
}
