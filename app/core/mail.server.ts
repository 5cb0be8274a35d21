// Outgoing mail: over SMTP_URL when set, otherwise written to the server log (demo mode).
import type { Transporter } from "nodemailer";
import { getEnv } from "~/core/env.server";
import { counter } from "~/core/metrics.server";

export type Mail = { to: string; subject: string; text: string };

let transporter: Transporter | undefined;

const mails = counter({
  name: "tagback_mails_total",
  help: 'Outgoing mails by outcome: "sent" (the SMTP server took it), "failed" (it did not), "logged" (no SMTP_URL: written to the log)',
  labelNames: ["outcome"],
});
// Each outcome shows from the start, at 0, so a scrape lists them before the first mail.
for (const outcome of ["sent", "failed", "logged"]) mails.inc({ outcome }, 0);

/**
 * A header's value on one line: line breaks and other control characters become a space. The
 * recipient and the subject can hold what a user typed, and a line break there would start a header
 * of the user's own (a Bcc: in the log, or on the wire through any transport that passes it on).
 */
function headerValue(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
}

export async function sendMail(unsafe: Mail): Promise<void> {
  const mail: Mail = { ...unsafe, to: headerValue(unsafe.to), subject: headerValue(unsafe.subject) };
  const env = getEnv();
  if (!env.SMTP_URL) {
    console.log(`[mail] To: ${mail.to}\n[mail] Subject: ${mail.subject}\n${mail.text}\n[mail] end`);
    mails.inc({ outcome: "logged" });
    return;
  }
  try {
    // Imported with the first e-mail, not by every server process at start (memory).
    transporter ??= (await import("nodemailer")).default.createTransport(env.SMTP_URL);
    await transporter.sendMail({ from: env.MAIL_FROM, ...mail });
  } catch (error) {
    mails.inc({ outcome: "failed" });
    throw error;
  }
  mails.inc({ outcome: "sent" });
}
