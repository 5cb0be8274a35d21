// Route-level tests of /token: token claims, removal, lockout and the product registry against a
// real (temporary) database, through the route's own action and loader. Refusals carry message
// keys; the helpers below read them back as the text the page shows.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { testDb } from "../support/test-db";
import { products, tagbackTokens } from "../../db/schema";
import { claimToken } from "~/features/stickers/claim.server";
import { hashPassword } from "../../db/password";
import { updateOwnProfile } from "~/features/owner/profiles.server";
import { CLAIM_PER_TOKEN_LIMIT, CLAIM_PER_USER_LIMIT } from "~/features/stickers/rules";
import { isMessageKey, message } from "~/i18n/messages";
import * as tokenRoute from "~/routes/_app.token/route";
import { callRoute, createOwner, dataOf, get, post, statusOf, toastOf } from "../support/routes";

const NSFW_TEXT = message("common.nsfw").description!;

type Owner = { id: string; email: string };
const PASSWORD = "11112222";
let passwordHash: string;
let tokenCounter = 0;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

/** A new unclaimed token with the password 11112222. */
async function mint(): Promise<string> {
  tokenCounter += 1;
  const token = `4${String(tokenCounter).padStart(11, "0")}`;
  await testDb().insert(tagbackTokens).values({ token, passwordHash }).run();
  return token;
}

async function act(owner: Owner, fields: Record<string, string | string[]>, path = "/token") {
  return callRoute(tokenRoute.action, post(path, fields), { user: owner });
}

async function load(owner: Owner, path = "/token") {
  return dataOf<Awaited<ReturnType<typeof tokenRoute.loader>>>(await callRoute(tokenRoute.loader, get(path), { user: owner }));
}

/** The text a refusal shows for a message key (its description); a value that is not a key fails the test. */
function textOf(value: string | undefined) {
  if (value === undefined) return undefined;
  return isMessageKey(value) ? message(value).description : `not a message key: ${value}`;
}

type Refusal = { result: { error?: Record<string, string[] | null> } };

function formError(result: unknown) {
  return textOf(dataOf<Refusal>(result).result.error?.[""]?.[0]);
}

function fieldErrors(result: unknown): Record<string, Array<string | undefined>> {
  const errors = dataOf<Refusal>(result).result.error ?? {};
  return Object.fromEntries(Object.entries(errors).map(([name, keys]) => [name, (keys ?? []).map(textOf)]));
}

async function tokenRow(token: string) {
  return (await testDb().select().from(tagbackTokens).where(eq(tagbackTokens.token, token)).get())!;
}

async function verify(owner: Owner, token: string | string[], password = PASSWORD) {
  return act(owner, { intent: "verify-token", token, password });
}

describe("Verify Token", () => {
  test("the right password claims an unclaimed token: 'Token Verified', user set, claimed and verified", async () => {
    const owner = await createOwner();
    const token = await mint();
    const result = await verify(owner, token);
    expect(statusOf(result)).toBe(302);
    expect(await toastOf(result)).toMatchObject({ type: "success", title: "Token Verified" });
    expect(await tokenRow(token)).toMatchObject({ userId: owner.id, isClaimed: true, isVerified: true });
    expect((await load(owner)).tokens.map((t) => t.token)).toEqual([token]);
  });

  test("twelve one-digit boxes, a pasted grouped token and tags are all read as the 12 digits", async () => {
    const owner = await createOwner();
    const first = await mint();
    expect(statusOf(await verify(owner, first.split("")))).toBe(302);
    const second = await mint();
    expect(statusOf(await verify(owner, `<b>${second.slice(0, 4)}</b>-${second.slice(4, 8)} ${second.slice(8)}`))).toBe(302);
  });

  test("missing fields: 'Please enter 12-digit token and password.'", async () => {
    const owner = await createOwner();
    for (const fields of [{ token: "", password: "" }, { token: "123456789012", password: "" }, { token: "", password: "1234" }]) {
      const result = await act(owner, { intent: "verify-token", ...fields });
      expect(statusOf(result)).toBe(400);
      expect(formError(result)).toBe(message("token.missing").description);
    }
  });

  test("a token that is not 12 digits, a password that is not up to 10 digits", async () => {
    const owner = await createOwner();
    const short = await verify(owner, "12345");
    expect(statusOf(short)).toBe(400);
    expect(fieldErrors(short).token).toEqual([message("token.badToken").description]);
    const longPassword = await verify(owner, "123456789012", "12345678901");
    expect(fieldErrors(longPassword).password).toEqual([message("token.badPassword").description]);
    const letters = await verify(owner, "123456789012", "abcd");
    expect(fieldErrors(letters).password).toEqual([message("token.badPassword").description]);
  });

  test("an unknown token: 'This token does not exist.'", async () => {
    const owner = await createOwner();
    const result = await verify(owner, "999999999999");
    expect(statusOf(result)).toBe(404);
    expect(formError(result)).toBe("This token does not exist.");
  });

  test("a wrong password: 'Please check your token and password and try again.'; the token stays unclaimed", async () => {
    const owner = await createOwner();
    const token = await mint();
    const result = await verify(owner, token, "99999999");
    expect(statusOf(result)).toBe(400);
    expect(formError(result)).toBe("Please check your token and password and try again.");
    expect(dataOf<{ result: { initialValue?: Record<string, unknown> } }>(result).result.initialValue?.password).toBeUndefined();
    expect((await tokenRow(token)).userId).toBeNull();
  });

  test("a token another user holds: 'This token is already registered to another user.'", async () => {
    const [first, second] = [await createOwner(), await createOwner()];
    const token = await mint();
    await verify(first, token);
    const result = await verify(second, token);
    expect(statusOf(result)).toBe(409);
    expect(formError(result)).toBe("This token is already registered to another user.");
    expect((await tokenRow(token)).userId).toBe(first.id);
  });

  test("claim, remove, and re-claim by another user", async () => {
    const [first, second] = [await createOwner(), await createOwner()];
    const token = await mint();
    await verify(first, token);
    const id = (await tokenRow(token)).id;
    const removed = await act(first, { intent: "remove-token", tokenId: id });
    expect(statusOf(removed)).toBe(302);
    expect(await toastOf(removed)).toMatchObject({ title: "Token removed" });
    expect(await tokenRow(token)).toMatchObject({ userId: null, isClaimed: false, isVerified: false });
    expect((await load(first)).tokens).toEqual([]);

    expect(statusOf(await verify(second, token))).toBe(302);
    expect(await tokenRow(token)).toMatchObject({ userId: second.id, isClaimed: true, isVerified: true });
  });

  test("two users with the right password at the same moment: exactly one gets the token", async () => {
    const [first, second] = [await createOwner(), await createOwner()];
    const token = await mint();
    const outcomes = await Promise.all([claimToken(testDb(), first.id, token, PASSWORD), claimToken(testDb(), second.id, token, PASSWORD)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, reason: "taken" }]);
  });

  test(`lockout per token: after ${CLAIM_PER_TOKEN_LIMIT.points} wrong passwords even the right one is refused`, async () => {
    const token = await mint();
    // Different users, so only the per-token limit is reached.
    for (let i = 1; i < CLAIM_PER_TOKEN_LIMIT.points; i++) {
      const result = await verify(await createOwner(), token, "1");
      expect(formError(result)).toBe(message("token.wrong").description);
    }
    const last = await verify(await createOwner(), token, "1");
    expect(statusOf(last)).toBe(429);
    expect(formError(last)).toBe(message("token.locked").description);
    const right = await verify(await createOwner(), token);
    expect(statusOf(right)).toBe(429);
    expect((await tokenRow(token)).userId).toBeNull();
  });

  test(`lockout per user: ${CLAIM_PER_USER_LIMIT.points} failures over any tokens lock the user out of every claim`, async () => {
    const owner = await createOwner();
    for (let i = 1; i < CLAIM_PER_USER_LIMIT.points; i++) {
      // Wrong passwords on fresh tokens and unknown tokens both count.
      await verify(owner, i % 2 ? await mint() : `8${String(i).padStart(11, "0")}`, "1");
    }
    expect(statusOf(await verify(owner, await mint(), "1"))).toBe(429);
    const fresh = await mint();
    const right = await verify(owner, fresh);
    expect(statusOf(right)).toBe(429);
    expect((await tokenRow(fresh)).userId).toBeNull();
    // Another user is not affected.
    expect(statusOf(await verify(await createOwner(), fresh))).toBe(302);
  });

  test("a user cannot remove another user's token by posting its id", async () => {
    const [owner, intruder] = [await createOwner(), await createOwner()];
    const token = await mint();
    await verify(owner, token);
    const result = await act(intruder, { intent: "remove-token", tokenId: (await tokenRow(token)).id });
    expect(statusOf(result)).toBe(404);
    expect(formError(result)).toBe(message("token.removeFailed").description);
    expect(await tokenRow(token)).toMatchObject({ userId: owner.id, isVerified: true });
  });

  test("a token with products on it is not removed until they are deleted", async () => {
    const owner = await createOwner();
    const token = await mint();
    await verify(owner, token);
    await act(owner, { intent: "add-product", name: "Wallet", token });
    const id = (await tokenRow(token)).id;
    const refused = await act(owner, { intent: "remove-token", tokenId: id });
    expect(statusOf(refused)).toBe(409);
    expect(formError(refused)).toBe(message("token.removeInUse").description);
    expect((await tokenRow(token)).userId).toBe(owner.id);
  });
});

describe("My Tokens", () => {
  test("each token row counts its own products, for each user", async () => {
    const [first, second] = [await createOwner(), await createOwner()];
    const plan = new Map<Owner, number[]>([
      [first, [3, 1]],
      [second, [0, 2]],
    ]);
    const expected = new Map<Owner, Record<string, number>>();
    for (const [owner, counts] of plan) {
      const perToken: Record<string, number> = {};
      for (const count of counts) {
        const token = await mint();
        expect(statusOf(await verify(owner, token))).toBe(302);
        for (let i = 0; i < count; i++) {
          expect(statusOf(await act(owner, { intent: "add-product", name: `Item ${i}`, token }))).toBe(302);
        }
        perToken[token] = count;
      }
      expected.set(owner, perToken);
    }
    for (const [owner, perToken] of expected) {
      const rows = (await load(owner)).tokens;
      expect(Object.fromEntries(rows.map((row) => [row.token, row.products]))).toEqual(perToken);
    }
  });
});

describe("Product Registry", () => {
  async function ownerWithToken() {
    const owner = await createOwner();
    const token = await mint();
    await verify(owner, token);
    return { owner, token };
  }

  test("add: 'Product Added'; up to 5; the 6th: 'Limit Reached' / 'You can only register up to 5 products.'", async () => {
    const { owner, token } = await ownerWithToken();
    for (const name of ["Laptop", "Keys", "Wallet", "Helmet", "Bag"]) {
      const result = await act(owner, { intent: "add-product", name, token });
      expect(statusOf(result)).toBe(302);
      expect(await toastOf(result)).toMatchObject({ title: "Product Added" });
    }
    const sixth = await act(owner, { intent: "add-product", name: "Phone", token });
    expect(statusOf(sixth)).toBe(409);
    expect(formError(sixth)).toBe("You can only register up to 5 products.");
    const page = await load(owner);
    expect(page.products.map((p) => p.name)).toEqual(["Bag", "Helmet", "Wallet", "Keys", "Laptop"]);
  });

  test("five at once still makes five, never six", async () => {
    const { owner, token } = await ownerWithToken();
    await Promise.all(Array.from({ length: 8 }, (_, i) => act(owner, { intent: "add-product", name: `Thing ${i}`, token })));
    expect((await load(owner)).products).toHaveLength(5);
  });

  test("add: name required and at most 12, token required, only a verified token of this user, profanity refused", async () => {
    const { owner, token } = await ownerWithToken();
    const noName = await act(owner, { intent: "add-product", name: "  ", token });
    expect(fieldErrors(noName).name).toEqual([message("product.missingName").description]);
    const long = await act(owner, { intent: "add-product", name: "x".repeat(13), token });
    expect(fieldErrors(long).name).toEqual([message("product.nameTooLong").description]);
    const noToken = await act(owner, { intent: "add-product", name: "Laptop" });
    expect(fieldErrors(noToken).token).toEqual([message("product.tokenRequired").description]);
    const rude = await act(owner, { intent: "add-product", name: "Gandu bag", token });
    expect(fieldErrors(rude).name).toEqual([NSFW_TEXT]);

    const { token: othersToken } = await ownerWithToken();
    const notMine = await act(owner, { intent: "add-product", name: "Laptop", token: othersToken });
    expect(statusOf(notMine)).toBe(400);
    expect(formError(notMine)).toBe(message("product.invalidToken").description);
    const unclaimed = await act(owner, { intent: "add-product", name: "Laptop", token: await mint() });
    expect(formError(unclaimed)).toBe(message("product.invalidToken").description);
    expect((await load(owner)).products).toEqual([]);
  });

  test("rename (up to 100) and delete, with the spec's messages", async () => {
    const { owner, token } = await ownerWithToken();
    await act(owner, { intent: "add-product", name: "Laptop", token });
    const [product] = (await load(owner)).products;
    expect((await load(owner, `/token?rename=${product!.id}`)).renaming).toBe(product!.id);

    const renamed = await act(owner, { intent: "rename-product", productId: product!.id, name: "Work laptop (silver)" }, `/token?rename=${product!.id}`);
    expect(statusOf(renamed)).toBe(302);
    expect(await toastOf(renamed)).toMatchObject({ title: "Product Renamed" });
    expect((await load(owner)).products[0]!.name).toBe("Work laptop (silver)");

    const tooLong = await act(owner, { intent: "rename-product", productId: product!.id, name: "x".repeat(101) });
    expect(statusOf(tooLong)).toBe(400);
    expect(fieldErrors(tooLong).name).toEqual([message("product.renameTooLong").description]);
    const rude = await act(owner, { intent: "rename-product", productId: product!.id, name: "shitty laptop" });
    expect(fieldErrors(rude).name).toEqual([NSFW_TEXT]);
    expect((await load(owner)).products[0]!.name).toBe("Work laptop (silver)");

    const deleted = await act(owner, { intent: "delete-product", productId: product!.id });
    expect(statusOf(deleted)).toBe(302);
    expect(await toastOf(deleted)).toMatchObject({ title: "Product Deleted" });
    expect((await load(owner)).products).toEqual([]);
  });

  test("a user cannot rename or delete another user's product by posting its id", async () => {
    const { owner, token } = await ownerWithToken();
    const intruder = await createOwner();
    await act(owner, { intent: "add-product", name: "Laptop", token });
    const [product] = (await load(owner)).products;

    const rename = await act(intruder, { intent: "rename-product", productId: product!.id, name: "Mine now" });
    expect(statusOf(rename)).toBe(404);
    expect(formError(rename)).toBe(message("product.renameFailed").description);
    const remove = await act(intruder, { intent: "delete-product", productId: product!.id });
    expect(statusOf(remove)).toBe(404);
    expect(formError(remove)).toBe(message("product.deleteFailed").description);

    const row = await testDb().select().from(products).where(eq(products.id, product!.id)).get();
    expect(row).toMatchObject({ name: "Laptop", userId: owner.id });
    // Nor does the intruder's page show it, nor a rename form for it.
    expect((await load(intruder, `/token?rename=${product!.id}`)).renaming).toBeNull();
  });

  test("an unknown intent is a 400", async () => {
    const owner = await createOwner();
    expect(statusOf(await act(owner, { intent: "claim-everything" }))).toBe(400);
    expect(statusOf(await act(owner, {}))).toBe(400);
  });
});

test("the metro card's unique index is the last word: a race loser changes nothing", async () => {
  const [first, second] = [await createOwner(), await createOwner()];
  const update = {
    firstName: "A",
    lastName: null,
    xUsername: null,
    bio: null,
    mobileNumber: null,
    metroCardNumber: "40404040",
    socialSms: null,
    socialCall: null,
    socialTelegram: null,
    socialWhatsapp: null,
    useMobileForSocials: false,
    maskBio: false,
    useSocialIcons: false,
  };
  expect(await updateOwnProfile(testDb(), first.id, update)).toEqual({ ok: true });
  expect(await updateOwnProfile(testDb(), second.id, { ...update, firstName: "B" })).toEqual({ ok: false, reason: "metro-taken" });
});
