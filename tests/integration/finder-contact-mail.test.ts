// "I found this" mail on the wire: the real built server (node server.js) sends through nodemailer
// to the test SMTP server (tests/support/smtp-server.ts), and the mails are read as the SMTP server
// received them, headers and all. What a finder types into the place, where they found it or the
// message must start no header (a Bcc: to a stranger) and no line of the owner's mail; the private
// link is mailed to one mailbox a few times a day at most; the owner's answer reaches a finder in
// the language they wrote in. (finder-contact.test.ts checks the same through the log transport.)
// Two owners are seeded, so a mail to the wrong one shows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Db } from "../../db/connection";
import { eq } from "drizzle-orm";
import { finderThreads, profiles, tagbackTokens, users } from "../../db/schema";
import { createSession } from "~/features/account/session.server";
import { formTicket } from "~/features/finder-contact/form-ticket.server";
import { FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY } from "~/features/finder-contact/rules";
import { translator } from "~/i18n/messages";
import { mailsIn, readMail } from "../support/mail-files";
import { startSmtp, type SmtpProcess } from "../support/smtp-process";
import { startServer, stopServer, type ServerProcess } from "./helpers";

const SECRET = "finder-contact-mail-test-secret-0123456789";
let dir: string;
let smtp: SmtpProcess;
let server: ServerProcess;
let db: Db;

type Owner = { id: string; email: string; token: string };
let owner: Owner;
let other: Owner;

async function seedOwner(name: string, token: string): Promise<Owner> {
  const id = crypto.randomUUID();
  const email = `${name.toLowerCase()}-${id.slice(0, 8)}@example.test`;
  await db.insert(users).values({ id, email, emailConfirmedAt: new Date() }).run();
  await db.insert(profiles).values({ id, firstName: name }).run();
  await db.insert(tagbackTokens).values({ token, passwordHash: "x", userId: id, isClaimed: true, isVerified: true }).run();
  return { id, email, token };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-mail-"));
  smtp = await startSmtp();
  const file = path.join(dir, "mail.db");
  // Behind "Fly" as in production: each test's Fly-Client-IP is its own client (per-client limits).
  server = await startServer({ DATABASE_PATH: file, SESSION_SECRET: SECRET, SMTP_URL: smtp.url, TRUST_PROXY: "fly" });
  // This process seals form tickets with the server's secret (the app's own formTicket).
  process.env.SESSION_SECRET = SECRET;
  db = openDatabase(file).db;
  owner = await seedOwner("Header", "700000000071");
  other = await seedOwner("Other", "700000000072");
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  await smtp?.stop();
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Posts the form as a browser without JavaScript does, with a ticket shown 10 s ago. */
async function sendForm(to: Owner, fields: Record<string, string>, clientIp: string, headers: Record<string, string> = {}) {
  const ticket = formTicket({ ownerId: to.id, type: "tagbacktoken", number: to.token, visitId: null }, Date.now() - 10_000);
  return fetch(`${server.url}/contact-owner?type=tagbacktoken&number=${to.token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": clientIp, ...headers },
    body: new URLSearchParams({ ticket, message: "Found your keys", handover: "keep", website: "", ...fields }),
  });
}

function mailsTo(address: string): string[] {
  // As received, undecoded: readMail decodes the headers and the body itself.
  return mailsIn(smtp.mailDir, address);
}

/** Waits until `count` mails to the address have arrived (the server sends after it answers). */
async function waitForMails(address: string, count: number): Promise<string[]> {
  for (;;) {
    const mails = mailsTo(address);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A mail's header block, each folded header unfolded onto one line. */
function headersOf(mail: string): string[] {
  return mail.split(/\r\n\r\n/)[0]!.replace(/\r\n[ \t]+/g, " ").split("\r\n");
}

test("a line break typed into the place, where it was found or the message forges no header and no line of the mail", async () => {
  const response = await sendForm(
    owner,
    {
      handover: "place",
      place: "Gate 2\r\nBcc: victim@example.test",
      foundWhere: "Platform 3\nAnswer them here (sign in to Tagback): https://evil.example/login",
      message: "Found your keys\r\nHow to reach them: +91 90000 00000",
    },
    "198.51.100.31",
  );
  expect(response.status).toBe(303);
  const [mail] = await waitForMails(owner.email, 1);
  const { headers, lines } = readMail(mail!);
  expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
  // The whole place stands in the one Subject: no line break, no header of its own.
  expect(headers.filter((line) => line.startsWith("Subject:"))).toEqual([
    "Subject: Found: Token 7000-0000-0071 — I'll leave it at this place: Gate 2 Bcc: victim@example.test",
  ]);
  expect(lines.filter((line) => line.startsWith("Answer them here"))).toEqual([expect.stringMatching(/^Answer them here \(sign in to Tagback\): http:\/\/127\.0\.0\.1:\d+\/messaging\//)]);
  expect(lines.filter((line) => line.startsWith("How to reach them"))).toEqual([]);
  expect(lines).toContain("> How to reach them: +91 90000 00000");
  expect(lines).toContain("Where they found it: Platform 3 Answer them here (sign in to Tagback): https://evil.example/login");
  expect(mailsTo("victim@example.test")).toEqual([]);
  // The other seeded owners' mailboxes got nothing of it.
  for (const bystander of [other.email]) expect(mailsTo(bystander).join("\n")).not.toContain("Gate 2 at 6 pm");
});

test(`the private link reaches one mailbox at most ${FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY} times a day`, async () => {
  const finder = "finder.person@example.test";
  for (let i = 0; i < FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY; i++) {
    // Another client each time: only the limit per address can refuse.
    const response = await sendForm(other, { contact: `Finder.Person+${i}@example.test` }, `198.51.100.${40 + i}`);
    expect(response.status).toBe(303);
    expect((await waitForMails(`finder.person+${i}@example.test`, 1))[0]).toContain("Your private link");
  }
  const refused = await sendForm(other, { contact: finder }, "198.51.100.60");
  expect(refused.status).toBe(429);
  expect(await refused.text()).toContain(`already been sent ${FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY} private links today`);
  // The server answers a post after its mails were taken: a refused one sent none, to anyone.
  expect(mailsTo(finder)).toEqual([]);
  expect(mailsTo(other.email)).toHaveLength(FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY);
});

test("the owner's answer arrives in each finder's language, subject and body, as the SMTP server received it (a Tamil and a Hindi finder of one owner)", async () => {
  // An owner of its own: the others' hourly limits are spent by the tests above.
  const owner = await seedOwner("Answer", "700000000073");
  const tag = crypto.randomUUID().slice(0, 6);
  const finders = { ta: `finder-ta-${tag}@example.test`, hi: `finder-hi-${tag}@example.test` } as const;
  for (const [locale, address] of Object.entries(finders)) {
    // Another network than the tests above (at most 5 finder messages an hour from one).
    const response = await sendForm(owner, { contact: address }, `192.0.2.${locale === "ta" ? 71 : 72}`, { "Accept-Language": `${locale}-IN,${locale};q=0.9` });
    expect(response.status).toBe(303);
    await waitForMails(address, 1);
  }
  const cookie = (await createSession(db, owner.id)).split(";")[0]!;
  for (const [locale, address] of Object.entries(finders)) {
    const thread = (await db.select().from(finderThreads).where(eq(finderThreads.contact, address)).get())!;
    expect(thread.locale).toBe(locale);
    const response = await fetch(`${server.url}/messaging/${thread.conversationId}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": "198.51.100.73" },
      body: new URLSearchParams({ intent: "send", content: `Gate 2 at 6 pm, ${locale}?`, clientKey: crypto.randomUUID() }),
    });
    expect(response.status, await response.text()).toBeLessThan(400);
  }
  for (const [locale, address] of Object.entries(finders) as Array<["ta" | "hi", string]>) {
    const { headers, lines } = readMail((await waitForMails(address, 2))[1]!);
    const { t } = translator(locale);
    expect(headers).toContain(`Subject: ${t("contact.answerMailSubject")}`);
    expect(lines).toContain(t("contact.answerMailLead", { item: "7000-0000-0073" }));
    expect(lines).toContain(`> Gate 2 at 6 pm, ${locale}?`);
    expect(lines).toContain(t("contact.answerMailRead", { subject: t("contact.mailSubject") }));
  }
  // The other seeded owners' mailboxes got nothing of it.
  for (const bystander of [other.email]) expect(mailsTo(bystander).join("\n")).not.toContain("Gate 2 at 6 pm");
});
