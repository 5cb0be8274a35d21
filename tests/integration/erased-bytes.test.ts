// "Erased at once" means erased from the file (issue 35, decision 026): after accounts are deleted
// and the WAL is checkpointed, the database file itself holds none of their e-mail addresses,
// backup e-mails, bios, products, search history or messages — not even in free pages, which
// SQLite leaves as they were unless `secure_delete` is on (db/connection.ts). Read byte for byte,
// on a file of its own opened as the server opens it, beside owners who stay (whose text must
// still be found there, so the search itself is shown to work).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { openDatabase, type Db } from "../../db/connection";
import { messages, products, profiles, searchHistory, users } from "../../db/schema";
import { eraseAccount } from "~/features/account/erasure.server";
import { startConversation } from "~/features/messaging/conversations.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-erased-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Text only this owner's rows hold: each must be gone from the file once they are erased. */
const traces = (n: number) => [
  `erased-owner-${n}@example.test`,
  `erased-backup-${n}@example.test`,
  `Bio of erased owner ${n}: on the Blue Line every day`,
  `Laptop of erased owner ${n}.`,
  `4400${String(n).padStart(8, "0")}`,
  `Message from erased owner ${n}, please call`,
];

async function ownerWithEverything(db: Db, n: number, talkTo: string | null) {
  const [email, backupEmail, bio, product, searched, message] = traces(n);
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email: email!, emailConfirmedAt: new Date() }).run();
  await db.insert(profiles).values({ id, firstName: "Erasable", bio: bio!, backupEmail: backupEmail!, metroCardNumber: searched! }).run();
  await db.insert(products).values({ userId: id, name: product!, token: `55${String(n).padStart(10, "0")}` }).run();
  for (let i = 0; i < 3; i++) await db.insert(searchHistory).values({ userId: id, searchType: "metro_card", searchValue: searched!, city: "Mumbai" }).run();
  // The bio edited once: the first version's cell is freed inside the page, not deleted.
  await db.update(profiles).set({ bio: `${bio} (edited)` }).where(eq(profiles.id, id)).run();
  if (talkTo) {
    const started = await startConversation(db, id, talkTo);
    if (!started.ok) throw new Error(started.reason);
    await db.insert(messages).values({ conversationId: started.conversationId, senderId: id, content: message! }).run();
  }
  return id;
}

test("after erasures and a checkpoint, the database file holds none of the erased owners' text, and the others' all", { timeout: 60_000 }, async () => {
  const file = path.join(dir, "erased.db");
  const { db } = openDatabase(file);
  const staying = [await ownerWithEverything(db, 1000, null), await ownerWithEverything(db, 1001, null)];
  const erased: string[] = [];
  for (let n = 0; n < 40; n++) erased.push(await ownerWithEverything(db, n, staying[n % 2]!));
  for (const id of erased) expect(eraseAccount(db, id)).toEqual({ ok: true });
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();

  const bytes = fs.readFileSync(file);
  const found = (text: string) => bytes.includes(Buffer.from(text, "utf8"));
  // The ones who stay are there: the search reads the file as it is.
  for (const n of [1000, 1001]) for (const text of traces(n).slice(0, 5)) expect(found(text), text).toBe(true);
  const left = Array.from({ length: 40 }, (_, n) => traces(n)).flat().filter(found);
  expect(left).toEqual([]);
  // And nothing is left behind in the write-ahead log either.
  const wal = `${file}-wal`;
  expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
});
