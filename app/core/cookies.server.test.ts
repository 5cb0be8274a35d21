import { afterEach, describe, expect, test } from "vitest";
import { readSignedString, signedCookie } from "./cookies.server";

const holder = globalThis as typeof globalThis & { __tagbackEnv?: unknown };
const original = process.env.SESSION_SECRET;

function useSecret(secret: string | undefined) {
  if (secret === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = secret;
  holder.__tagbackEnv = undefined; // getEnv() reads the environment again
}

afterEach(() => useSecret(original));

describe("readSignedString", () => {
  test("reads a signed value, again from the same header, and nothing else", async () => {
    useSecret("first-secret");
    const cookie = signedCookie("tb_test");
    const header = `other=1; ${(await cookie.serialize("session-a")).split(";")[0]}`;
    expect(await readSignedString(cookie, header)).toBe("session-a");
    expect(await readSignedString(cookie, header)).toBe("session-a");
    // Another cookie of the same header is not this one's value.
    expect(await readSignedString(signedCookie("tb_other"), header)).toBeNull();
    expect(await readSignedString(cookie, null)).toBeNull();
    expect(await readSignedString(cookie, "other=1")).toBeNull();
  });

  test("a tampered value is refused, before and after the genuine one was read", async () => {
    useSecret("first-secret");
    const cookie = signedCookie("tb_test");
    const genuine = (await cookie.serialize("session-a")).split(";")[0]!;
    const [name, value] = genuine.split("=") as [string, string];
    const forged = `${name}=${(await signedCookie("tb_test").serialize("session-b")).split(";")[0]!.split("=")[1]!.split(".")[0]}.${value.split(".")[1]}`;
    expect(await readSignedString(cookie, forged)).toBeNull();
    expect(await readSignedString(cookie, genuine)).toBe("session-a");
    expect(await readSignedString(cookie, forged)).toBeNull();
  });

  test("a value signed with a secret no longer in use is refused, even where it was read before", async () => {
    useSecret("first-secret");
    const header = (await signedCookie("tb_test").serialize("session-a")).split(";")[0]!;
    expect(await readSignedString(signedCookie("tb_test"), header)).toBe("session-a");
    useSecret("second-secret");
    expect(await readSignedString(signedCookie("tb_test"), header)).toBeNull();
    // Rotation: the old secret second in the list still verifies it.
    useSecret("second-secret,first-secret");
    expect(await readSignedString(signedCookie("tb_test"), header)).toBe("session-a");
  });
});
