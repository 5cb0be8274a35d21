// The passkey steps' schemas (decision 043): what real authenticators send passes, the bounds hold.
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { addPasskeyStep, passkeySignInStep } from "./passkey-json.server";
import { PASSKEY_JSON_LIMITS } from "./rules";

const b64 = (bytes: number) => randomBytes(bytes).toString("base64url");
const signIn = (fields: Record<string, unknown> = {}, response: Record<string, unknown> = {}) => ({
  step: "verify",
  redirectTo: "/token",
  response: {
    id: b64(32),
    rawId: b64(32),
    type: "public-key",
    response: { clientDataJSON: b64(140), authenticatorData: b64(37), signature: b64(72), userHandle: b64(36), ...response },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
    ...fields,
  },
});

describe("passkey step schemas", () => {
  test("an ES256 answer and an ML-DSA-44 one (Chromium's choice on Node 24: a 2,420-byte signature) pass; ML-DSA-87's too", () => {
    expect(passkeySignInStep.safeParse(signIn()).success).toBe(true);
    expect(passkeySignInStep.safeParse(signIn({}, { signature: b64(2420) })).success).toBe(true);
    expect(passkeySignInStep.safeParse(signIn({}, { signature: b64(4627) })).success).toBe(true);
    const registration = {
      step: "verify",
      response: {
        id: b64(32),
        rawId: b64(32),
        type: "public-key",
        response: { clientDataJSON: b64(140), attestationObject: b64(2700), authenticatorData: b64(2650), transports: ["internal", "hybrid"], publicKeyAlgorithm: -50, publicKey: b64(2614) },
        clientExtensionResults: { credProps: { rk: true }, prf: { enabled: false } },
      },
    };
    const parsed = addPasskeyStep.safeParse(registration);
    expect(parsed.success).toBe(true);
    // Extensions the library does not read are dropped; a missing attachment stays missing.
    expect(parsed.data).toMatchObject({ response: { clientExtensionResults: { credProps: { rk: true } } } });
    expect(parsed.data && "response" in parsed.data && "prf" in parsed.data.response.clientExtensionResults).toBe(false);
  });

  test("null where the library leaves a field out is taken as left out; everything past a bound is refused", () => {
    expect(passkeySignInStep.safeParse(signIn({ authenticatorAttachment: null }, { userHandle: null })).success).toBe(true);
    expect(passkeySignInStep.safeParse(signIn({}, { signature: "A".repeat(PASSKEY_JSON_LIMITS.signatureChars + 1) })).success).toBe(false);
    expect(passkeySignInStep.safeParse(signIn({}, { clientDataJSON: "A".repeat(PASSKEY_JSON_LIMITS.clientDataChars + 1) })).success).toBe(false);
    expect(passkeySignInStep.safeParse(signIn({ id: "A".repeat(PASSKEY_JSON_LIMITS.credentialIdChars + 1) })).success).toBe(false);
    expect(passkeySignInStep.safeParse({ ...signIn(), redirectTo: "/".repeat(PASSKEY_JSON_LIMITS.redirectToChars + 1) }).success).toBe(false);
    expect(passkeySignInStep.safeParse(signIn({}, { signature: "a+b/" })).success).toBe(false);
    expect(passkeySignInStep.safeParse(signIn({ id: true })).success).toBe(false);
  });
});
