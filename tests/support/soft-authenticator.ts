// A passkey device in software, for route-level tests: it makes a P-256 key pair and answers
// WebAuthn's create() and get() the way an authenticator and its browser do (client data,
// authenticator data, a "none" attestation in CBOR, ES256 signatures), so the server's real
// @simplewebauthn/server checks run on real signatures. Playwright's tests use Chromium's virtual
// authenticator instead (tests/e2e/passkeys.spec.ts).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

// The little CBOR that an attestation object and a COSE key need: maps, ints, byte and text strings.
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  signCount = 0;
  userHandle: string | null = null;

  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.#privateKey = pair.privateKey;
    this.#publicKey = pair.publicKey;
  }

  get id() {
    return b64url(this.credentialId);
  }

  #clientData(type: "webauthn.create" | "webauthn.get", challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  #authData(rpId: string, flags: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The answer to navigator.credentials.create() with the server's options. */
  register(options: Options) {
    const jwk = this.#publicKey.export({ format: "jwk" });
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    // User present, user verified, attested credential data included.
    const authData = this.#authData(options.rp!.id!, 0x01 | 0x04 | 0x40, attested);
    this.userHandle = options.user!.id;
    const attestationObject = cbor(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64url(this.#clientData("webauthn.create", options.challenge)), attestationObject: b64url(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The answer to navigator.credentials.get(); each answer counts one more signature. */
  authenticate(options: Options, { countUp = true } = {}) {
    if (countUp) this.signCount += 1;
    const clientData = this.#clientData("webauthn.get", options.challenge);
    const authData = this.#authData(options.rpId!, 0x01 | 0x04);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.#privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: this.userHandle ?? undefined },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
