// The JSON bodies of the passkey steps (POST /settings/passkeys, POST /auth/passkey), checked with
// zod before anything else reads them (decision 043). `{"step":"options"}` or `{"step":"verify",
// "response":…}` where the response has the shape @simplewebauthn/browser posts, every string
// bounded (rules.ts, PASSKEY_JSON_LIMITS) and URL-safe base64 where WebAuthn says so. Anything else
// — not JSON, an array, `null`, a response whose id is `true`, a 70 KB challenge — is a 400 (a body
// over the bound a 413) before the passkey library sees it: the library throws on shapes it does
// not expect, and repeats what it was sent in its error messages.
import { z } from "zod";
import { readJsonBody } from "~/core/read-json.server";
import { PASSKEY_JSON_LIMITS as LIMITS } from "./rules";

const base64url = (max: number) => z.string().max(max).regex(/^[\w-]*={0,2}$/);
const credentialId = base64url(LIMITS.credentialIdChars).min(1);

/** What both ceremonies' answers share: the credential's id twice, its type, the extensions we read. */
const credential = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  // Some browsers' own toJSON() write null where the library leaves the field out.
  authenticatorAttachment: z
    .enum(["platform", "cross-platform"])
    .nullish()
    .transform((value) => value ?? undefined),
  // Only the extensions' results the library reads; others are dropped.
  clientExtensionResults: z
    .object({ appid: z.boolean().optional(), credProps: z.object({ rk: z.boolean().optional() }).optional(), hmacCreateSecret: z.boolean().optional() })
    .default({}),
};

/** navigator.credentials.create()'s answer, as the browser library encodes it. */
const registrationResponse = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(LIMITS.clientDataChars),
    attestationObject: base64url(LIMITS.attestationChars),
    authenticatorData: base64url(LIMITS.authenticatorDataChars).optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(LIMITS.publicKeyChars).optional(),
  }),
});

/** navigator.credentials.get()'s answer. */
const authenticationResponse = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(LIMITS.clientDataChars),
    authenticatorData: base64url(LIMITS.authenticatorDataChars),
    signature: base64url(LIMITS.signatureChars),
    userHandle: base64url(LIMITS.userHandleChars)
      .nullish()
      .transform((value) => value ?? undefined),
  }),
});

const optionsStep = z.object({ step: z.literal("options") });

/** POST /settings/passkeys: adding a passkey to the signed-in account. */
export const addPasskeyStep = z.discriminatedUnion("step", [optionsStep, z.object({ step: z.literal("verify"), response: registrationResponse })]);

/** POST /auth/passkey: signing in with one; `redirectTo` is checked by safeRedirect after. */
export const passkeySignInStep = z.discriminatedUnion("step", [
  optionsStep,
  z.object({ step: z.literal("verify"), response: authenticationResponse, redirectTo: z.string().max(LIMITS.redirectToChars).optional() }),
]);

/** The step a request's body asks for, or why it is refused: 413 for a body over the bound, 400 for anything else. */
export async function readPasskeyStep<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<{ ok: true; step: z.output<Schema> } | { ok: false; status: 400 | 413 }> {
  const body = await readJsonBody(request, LIMITS.bodyBytes);
  if (!body.ok) return { ok: false, status: body.reason === "too-large" ? 413 : 400 };
  const parsed = schema.safeParse(body.value);
  return parsed.success ? { ok: true, step: parsed.data } : { ok: false, status: 400 };
}
