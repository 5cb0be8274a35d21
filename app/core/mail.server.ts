// Outgoing mail on the wire: over SMTP_URL, or written to the server log in demo mode without it.
// Nothing sends mail directly: an event queues it in the outbox (core/outbox.server.ts), whose
// delivery loop calls deliverMail.
import type { Transporter } from "nodemailer";
import { getEnv } from "./env.server.ts";

export type Mail = { to: string; subject: string; text: string };

let transporter: Transporter | undefined;

/**
 * A header's value on one line: line breaks and other control characters become a space. The
 * recipient and the subject can hold what a user typed, and a line break there would start a header
 * of the user's own (a Bcc: in the log, or on the wire through any transport that passes it on).
 */
function headerValue(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
}

/**
 * Hands one mail to SMTP_URL's server, or in demo mode (no SMTP_URL) writes it to the log. Only the
 * outbox calls this (core/outbox.server.ts): a failure throws, and the outbox tries again later.
 * `messageId` is the outbox row's, so a copy sent again after a kill has the same Message-ID.
 */
export async function deliverMail(unsafe: Mail & { messageId: string }): Promise<void> {
  const mail: Mail = { to: headerValue(unsafe.to), subject: headerValue(unsafe.subject), text: unsafe.text };
  const env = getEnv();
  if (env.mailDelivery === "log") {
    console.log(`[mail] To: ${mail.to}\n[mail] Subject: ${mail.subject}\n${mail.text}\n[mail] end`);
    return;
  }
  if (!env.SMTP_URL) throw new Error("no SMTP_URL to send mail through");
  // Imported with the first e-mail, not by every server process at start (memory). Timeouts well
  // under nodemailer's minutes: the outbox sends one mail at a time and tries a failure again later.
  // One pooled connection, kept open between mails: a new SMTP connection per mail (greeting,
  // EHLO, and TLS with a real provider) made a burst of alerts wait ~0.1 s a mail.
  transporter ??= (await import("nodemailer")).default.createTransport({
    url: env.SMTP_URL,
    pool: true,
    maxConnections: 1,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = new URL(env.APP_URL).hostname;
  await transporter.sendMail({ from: env.MAIL_FROM, ...mail, messageId: `<${unsafe.messageId}@${domain}>` });
}
