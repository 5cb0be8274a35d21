// A push service on loopback, for tests of Web Push (decision 035): what a browser's push service
// (FCM, Mozilla's, Apple's) does with our requests, checked as strictly as they would. Each
// subscription it hands out is a real one: an ECDH P-256 key pair and an auth secret made here,
// as a browser makes them, with an endpoint on this server. On every request it
// - checks the VAPID Authorization (RFC 8292): an ES256 JWT whose audience is the endpoint's origin,
//   not expired, with a subject, signed by the key in `k`, which must be the server's public key;
// - decrypts the body with the subscription's private key and auth secret (RFC 8291, aes128gcm,
//   through http_ece), so a payload that only looks encrypted fails;
// - answers what the test asked for that endpoint (201 by default; 429, 410, …, one per request).
// A request that fails a check is answered 400 and recorded with its reason.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";

export type Device = { id: string; endpoint: string; p256dh: string; auth: string; ecdh: ECDH; authSecret: Buffer };

export type Received = {
  deviceId: string;
  at: number;
  status: number;
  /** The decrypted payload, parsed. */
  notice: { title: string; body: string; url: string; tag: string } | null;
  /** The decrypted bytes as text: what a test searches for private words. */
  plaintext: string;
  ttl: string | undefined;
  urgency: string | undefined;
  problem: string | null;
};

const b64url = (buffer: Buffer) => buffer.toString("base64url");

export async function startPushService(options: { vapidPublicKey: () => string }) {
  const devices = new Map<string, Device>();
  const answers = new Map<string, number[]>();
  const received: Received[] = [];
  const listeners = new Set<() => void>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const device = devices.get(id);
      const record = (status: number, problem: string | null, plaintext = "") => {
        let notice = null;
        try {
          notice = plaintext ? JSON.parse(plaintext) : null;
        } catch {
          problem ??= "the payload is not JSON";
        }
        received.push({ deviceId: id, at: Date.now(), status, notice, plaintext, ttl: req.headers.ttl as string | undefined, urgency: req.headers.urgency as string | undefined, problem });
        res.writeHead(status).end();
        for (const listener of listeners) listener();
      };
      if (req.method !== "POST" || !device) return record(404, "no such subscription");
      const problem = checkVapid(req.headers.authorization, `http://${req.headers.host}`, options.vapidPublicKey());
      if (problem) return record(400, problem);
      if (req.headers["content-encoding"] !== "aes128gcm") return record(400, `content-encoding ${req.headers["content-encoding"]}`);
      if (!req.headers.ttl) return record(400, "no TTL");
      let plaintext: string;
      try {
        plaintext = decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.authSecret }).toString("utf8");
      } catch (error) {
        return record(400, `cannot decrypt: ${(error as Error).message}`);
      }
      const status = answers.get(id)?.shift() ?? 201;
      record(status, null, plaintext);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** A new browser subscription: its keys as a browser would post them, and its private half. */
    subscribe(): Device {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = crypto.randomUUID();
      const device = { id, endpoint: `${origin}/push/${id}`, p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret), ecdh, authSecret };
      devices.set(id, device);
      return device;
    },
    /** The statuses the next requests to this device get, in order (then 201). */
    answer(device: Device, ...statuses: number[]) {
      answers.set(device.id, [...(answers.get(device.id) ?? []), ...statuses]);
    },
    to(device: Device) {
      return received.filter((r) => r.deviceId === device.id);
    },
    /** Resolves once `count` requests have reached the service. */
    async waitFor(count: number, timeoutMs = 10_000) {
      if (received.length >= count) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${count} pushes arrived`)), timeoutMs);
        const listener = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve();
        };
        listeners.add(listener);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** Null when the VAPID header is right (RFC 8292 §3: "vapid t=JWT, k=public key"); else what is wrong. */
function checkVapid(header: string | undefined, audience: string, serverKey: string): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) return `Authorization is not VAPID: ${header}`;
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== serverKey) return "k is not the server's public key";
  const [head, body, signature] = jwt.split(".") as [string, string, string];
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) return "k is not an uncompressed P-256 point";
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, format: "jwk" });
  const signed = verify("sha256", Buffer.from(`${head}.${body}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!signed) return "the JWT's signature does not verify with k";
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (header_.alg !== "ES256") return `alg ${header_.alg}`;
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== audience) return `aud ${claims.aud}, not ${audience}`;
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 60 * 60) return `exp ${claims.exp}`;
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return `sub ${claims.sub}`;
  return null;
}
