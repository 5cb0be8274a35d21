// Outgoing mail: over SMTP_URL when set, otherwise written to the server log (demo mode).
import type { Transporter } from "nodemailer";
import { getEnv } from "~/core/env.server";

export type Mail = { to: string; subject: string; text: string };

let transporter: Transporter | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) {
    console.log(`[mail] To: ${mail.to}\n[mail] Subject: ${mail.subject}\n${mail.text}\n[mail] end`);
    return;
  }
  // Imported with the first e-mail, not by every server process at start (memory).
  transporter ??= (await import("nodemailer")).default.createTransport(env.SMTP_URL);
  await transporter.sendMail({ from: env.MAIL_FROM, ...mail });
}
