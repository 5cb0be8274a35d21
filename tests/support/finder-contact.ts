// What the finder-contact tests share: an owner with a claimed sticker, and the mails the outbox
// delivered — in demo mode (no SMTP_URL) a mail is written to the log, so a test reads console.log.
import { eq } from "drizzle-orm";
import { beforeEach, afterEach, vi } from "vitest";
import { deliverDue } from "~/core/outbox.server";
import type { Db } from "../../db/connection";
import { profiles, tagbackTokens } from "../../db/schema";
import { createOwner } from "./routes";

export type OwnerWithToken = { id: string; email: string; token: string };
let numberCounter = 0;

/** A new owner named `name` with one claimed, verified sticker of its own (a token no other test process makes the same). */
export async function ownerWithToken(db: Db, name = "Asha", extra: Partial<typeof profiles.$inferInsert> = {}): Promise<OwnerWithToken> {
  const owner = await createOwner();
  numberCounter += 1;
  const token = `6${String(Date.now() % 1e6).padStart(6, "0")}${String(numberCounter).padStart(5, "0")}`;
  await db.update(profiles).set({ firstName: name, lastName: "Owner", ...extra }).where(eq(profiles.id, owner.id)).run();
  await db.insert(tagbackTokens).values({ token, passwordHash: "x", userId: owner.id, isClaimed: true, isVerified: true }).run();
  return { ...owner, token };
}

/**
 * Reads the mails the demo outbox writes to the log, in each test of the calling file: `mailsTo`
 * runs one delivery pass (as the server's loop does) and returns the mails to `address`; `logged`
 * is every line logged so far in this test.
 */
export function loggedMails(db: Db) {
  let log: { mock: { calls: unknown[][] }; mockRestore: () => void } | undefined;
  beforeEach(() => {
    log = vi.spyOn(console, "log").mockImplementation(() => {});
  });
  afterEach(() => log?.mockRestore());
  const logged = () => (log?.mock.calls ?? []).map((call) => String(call[0]));
  return {
    logged,
    async mailsTo(address: string): Promise<string[]> {
      await deliverDue(db);
      return logged().filter((text) => text.startsWith(`[mail] To: ${address}\n`));
    },
  };
}
