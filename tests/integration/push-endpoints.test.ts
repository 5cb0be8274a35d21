// Which push endpoints /settings takes (decision 043), through its action as the page's script
// posts a subscription, with the server's environment in production mode (parsed by the real
// schema: https APP_URL, VAPID keys, an operator's PUSH_SERVICE_HOSTS). Every endpoint an account
// could aim the server at the inside with is a 400 with a message and saves nothing; a push
// service's endpoint is saved. Two owners, so a refusal that touched another's devices shows.
import { createECDH, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pushSubscriptions } from "../../db/schema";
import { getEnv, parseEnv } from "~/core/env.server";
import { message } from "~/i18n/messages";
import * as settingsRoute from "~/routes/_app.settings/route";
import { callRoute, createOwner, dataOf, post, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";

const holder = globalThis as { __tagbackEnv?: ReturnType<typeof getEnv> };
let demoEnv: ReturnType<typeof getEnv>;

beforeAll(() => {
  demoEnv = getEnv();
  const vapid = webpush.generateVAPIDKeys();
  holder.__tagbackEnv = parseEnv({
    NODE_ENV: "test",
    APP_URL: "https://tagback.example",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    SMTP_URL: "smtp://127.0.0.1:1",
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:ops@tagback.example",
    PUSH_SERVICE_HOSTS: "push.example.net",
  });
  expect(getEnv()).toMatchObject({ demoMode: false, push: "env" });
});

afterAll(() => {
  holder.__tagbackEnv = demoEnv;
});

/** A browser's keys: a P-256 public point and an auth secret, URL-safe base64. */
function keys() {
  const ecdh = createECDH("prime256v1");
  return { p256dh: ecdh.generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

async function subscribe(owner: { id: string; email: string }, fields: Record<string, string>) {
  return callRoute(settingsRoute.action, post("/settings", { intent: "push-subscribe", ...keys(), ...fields }), { user: owner });
}

const devicesOf = (owner: { id: string }) =>
  testDb().select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id)).all().map((row) => row.endpoint);

// The list of inside addresses, with their IPv6, decimal, octal and hexadecimal forms.
const INSIDE = [
  "https://127.0.0.1:9091/metrics",
  "https://127.0.0.1/",
  "https://127.1/",
  "https://2130706433/",
  "https://0x7f000001/",
  "https://0177.0.0.1/",
  "https://[::1]/",
  "https://[::ffff:127.0.0.1]/",
  "https://[0:0:0:0:0:ffff:7f00:1]/",
  "https://169.254.169.254/latest/meta-data/",
  "https://[fd00:ec2::254]/",
  "https://[fdaa::3]/",
  "https://[fdaa:0:1::3]:4280/",
  "https://_api.internal:4280/v1/apps",
  "https://tagback.internal/",
  "https://10.0.0.1/",
  "https://167772161/",
  "https://172.16.0.1/",
  "https://172.31.0.1/",
  "https://192.168.0.1/",
  "https://[fe80::1]/",
  "https://0.0.0.0/",
  "https://[::]/",
  "https://user:pass@fcm.googleapis.com/fcm/send/x",
  "https://fcm.googleapis.com:22/fcm/send/x",
  "https://localhost/",
  "https://localhost:3000/",
  "http://127.0.0.1:45123/push/x",
  "http://localhost/push/x",
  "http://fcm.googleapis.com/fcm/send/x",
  "https://fcm.googleapis.com.attacker.example/",
  "https://push.example.net:8443/",
];

const NOT_URLS = ["", "x", "http://", "https://", "https://[", "https://a b", "https://[fe80::1%eth0]/", "//fcm.googleapis.com/fcm/send/x", "https://%zz/",
  "fcm.googleapis.com", "https://[::1", "https:// /", "https://exa mple/", "https://a:b:c/", "https://[::1]x/", "https://\u0000/", "\u0000", " ", `https://fcm.googleapis.com/${"a".repeat(3000)}`];

describe("push endpoints at subscribe time, in production mode", () => {
  test("every inside address, and its other spellings, is a 400 naming the push service, and saves nothing", async () => {
    const [asha, bilal] = [await createOwner(), await createOwner()];
    const bilalPhone = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("base64url")}`;
    expect(statusOf(await subscribe(bilal, { endpoint: bilalPhone }))).toBe(302);

    for (const endpoint of INSIDE) {
      const result = await subscribe(asha, { endpoint });
      expect(statusOf(result), endpoint).toBe(400);
      expect(dataOf(result), endpoint).toEqual({ intent: "push-subscribe", pushError: "push.unknownPushService" });
    }
    expect(devicesOf(asha)).toEqual([]);
    expect(devicesOf(bilal)).toEqual([bilalPhone]);
    // What /settings shows for it (features/push/push-settings.tsx renders the key's text).
    expect(message("push.unknownPushService").title).toMatch(/push service/);
  });

  test(`the ${NOT_URLS.length} bodies that are not URLs are a 400, never a 500`, async () => {
    const chitra = await createOwner();
    for (const endpoint of NOT_URLS) {
      const result = await subscribe(chitra, { endpoint });
      expect(statusOf(result), JSON.stringify(endpoint.slice(0, 40))).toBe(400);
      expect(dataOf(result), JSON.stringify(endpoint.slice(0, 40))).toEqual({ intent: "push-subscribe", pushError: "push.badSubscription" });
    }
    // No endpoint at all, keys of the wrong size, a key that is not base64url.
    for (const fields of [{ p256dh: "x" }, { auth: "AAAA" }, { auth: "!".repeat(22) }]) {
      const result = await callRoute(settingsRoute.action, post("/settings", { intent: "push-subscribe", endpoint: "https://fcm.googleapis.com/fcm/send/y", ...keys(), ...fields }), { user: chitra });
      expect(statusOf(result)).toBe(400);
    }
    const noEndpoint = await callRoute(settingsRoute.action, post("/settings", { intent: "push-subscribe", ...keys() }), { user: chitra });
    expect(statusOf(noEndpoint)).toBe(400);
    expect(devicesOf(chitra)).toEqual([]);
  });

  test("the four push services' endpoints, and the operator's own host, are saved", async () => {
    const dev = await createOwner();
    const endpoints = [
      `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("base64url")}:APA91b${randomBytes(60).toString("base64url")}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${randomBytes(90).toString("base64url")}`,
      `https://web.push.apple.com/${randomBytes(40).toString("base64url")}`,
      `https://wns2-bl2p.notify.windows.com/w/?token=${randomBytes(200).toString("base64url")}`,
      `https://push.example.net:443/${randomBytes(20).toString("base64url")}`,
    ];
    for (const endpoint of endpoints) expect(statusOf(await subscribe(dev, { endpoint })), endpoint).toBe(302);
    // Kept as the browser posted it: a browser subscribing again posts the same string.
    expect(devicesOf(dev).sort()).toEqual([...endpoints].sort());
  });
});
