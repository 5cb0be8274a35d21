// Outgoing mail on the wire: over SMTP_URL, or written to the server log in demo mode without it.
// Nothing sends mail directly: an event queues it in the outbox (core/outbox.server.ts), whose
// delivery loop calls deliverMail.
import type { Transporter } from "nodemailer";
import { getEnv } from "./env.server.ts";

export type Mail = { to: string; subject: string; text: string };

/**
 * Which of the outbox's mail lanes sends it (decision 042): each lane has its own pooled
 * connections, so a sign-in code is never queued behind another lane's mail inside nodemailer's
 * pool either. `size`: the lane's connections.
 */
export type MailConnection = { name: "urgent" | "mail"; size: number };

const transporters = new Map<MailConnection["name"], Promise<Transporter>>();

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
export async function deliverMail(unsafe: Mail & { messageId: string }, connection: MailConnection = { name: "mail", size: 1 }): Promise<void> {
  const mail: Mail = { to: headerValue(unsafe.to), subject: headerValue(unsafe.subject), text: unsafe.text };
  const env = getEnv();
  if (env.mailDelivery === "log") {
    console.log(`[mail] To: ${mail.to}\n[mail] Subject: ${mail.subject}\n${mail.text}\n[mail] end`);
    return;
  }
  if (!env.SMTP_URL) throw new Error("no SMTP_URL to send mail through");
  // Imported with the first e-mail, not by every server process at start (memory). Timeouts well
  // under nodemailer's minutes: a lane sends a few mails at a time and tries a failure again later.
  // Pooled connections, kept open between mails: a new SMTP connection per mail (greeting,
  // EHLO, and TLS with a real provider) made a burst of alerts wait ~0.1 s a mail.
  // The promise is kept, so two of a lane's first mails at once share one pool.
  let transporter = transporters.get(connection.name);
  if (!transporter) {
    const url = env.SMTP_URL;
    transporter = import("nodemailer").then((nodemailer) =>
      nodemailer.default.createTransport({
        url,
        pool: true,
        maxConnections: connection.size,
        maxMessages: 500,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    transporters.set(connection.name, transporter);
  }
  const domain = new URL(env.APP_URL).hostname;
  await (await transporter).sendMail({ from: env.MAIL_FROM, ...mail, messageId: `<${unsafe.messageId}@${domain}>` });
}
