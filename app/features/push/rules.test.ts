import { describe, expect, test } from "vitest";
import { randomBytes } from "node:crypto";
import { channelsFor, deviceLabel, effectiveChoice, endpointRefusal, ENDPOINT_MAX_CHARS, subscriptionSchema } from "./rules";

/** A device's keys as a browser posts them: a P-256 point (65 bytes) and an auth secret (16 bytes). */
const P256DH = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString("base64url");
const AUTH = randomBytes(16).toString("base64url");

describe("push rules", () => {
  test("e-mail until a device is subscribed, then both unless the owner chose; push without a device falls back to e-mail", () => {
    expect(channelsFor(null, 0)).toEqual({ email: true, push: false });
    expect(channelsFor(null, 1)).toEqual({ email: true, push: true });
    expect(channelsFor("push", 1)).toEqual({ email: false, push: true });
    expect(channelsFor("push", 0)).toEqual({ email: true, push: false });
    expect(channelsFor("email", 3)).toEqual({ email: true, push: false });
    expect(effectiveChoice("push", 0)).toBe("email");
  });

  test("a device's label from its User-Agent", () => {
    expect(deviceLabel("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")).toBe("Chrome on Android");
    expect(deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")).toBe("Safari on iPhone");
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe("Firefox on Windows");
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")).toBe("Edge on Windows");
    expect(deviceLabel(null)).toBe("A browser");
  });
});

describe("push endpoints (decision 043)", () => {
  const production = { demoMode: false };
  const demo = { demoMode: true };

  test("the push services' own endpoints are accepted, :443 written or not", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/fv3jabydF5c:APA91bEc8gXeukGXEvq",
      "https://fcm.googleapis.com/wp/dGVzdA",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn",
      "https://web.push.apple.com/QGk2aD8yNmE0",
      "https://api.push.apple.com/3/device/abc",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
      "https://fcm.googleapis.com:443/fcm/send/x",
      "HTTPS://FCM.GOOGLEAPIS.COM/fcm/send/x",
    ]) {
      expect(endpointRefusal(endpoint, production), endpoint).toBeNull();
    }
  });

  test("the issue's 19 non-URLs are refused as not URLs, never thrown on", () => {
    const notUrls = ["", "x", "http://", "https://", "https://[", "https://a b", "https://[fe80::1%eth0]/", "://fcm.googleapis.com", "fcm.googleapis.com/fcm/send/x",
      "/fcm/send/x", "https://[::1", "https://%zz/", "https://exa mple.com/", "https://\u0000/", "http://[1:2:3]/", "https://[::ffff:999.0.0.1]/", "https:// ", "\t", "ht!tp://x/"];
    expect(notUrls).toHaveLength(19);
    for (const endpoint of notUrls) {
      expect(endpointRefusal(endpoint, production), JSON.stringify(endpoint)).toBe("not-a-url");
      expect(subscriptionSchema(production).safeParse({ endpoint, p256dh: P256DH, auth: AUTH }).success).toBe(false);
    }
  });

  test("every form of an inside address is refused in production, each for its reason", () => {
    const cases: [string, string][] = [
      ["https://127.0.0.1:9091/metrics", "port"],
      ["https://127.0.0.1/", "ip-address"],
      ["https://127.1/", "ip-address"],
      ["https://2130706433/", "ip-address"],
      ["https://0x7f.0.0.1/", "ip-address"],
      ["https://017700000001/", "ip-address"],
      ["https://[::1]/", "ip-address"],
      ["https://[::ffff:127.0.0.1]/", "ip-address"],
      ["https://[::ffff:7f00:1]/", "ip-address"],
      ["https://169.254.169.254/latest/meta-data/", "ip-address"],
      ["https://[fdaa::3]/", "ip-address"],
      ["https://[fe80::1]/", "ip-address"],
      ["https://_api.internal:4280/", "port"],
      ["https://_api.internal/", "host"],
      ["https://10.0.0.1/", "ip-address"],
      ["https://172.16.0.1/", "ip-address"],
      ["https://172.31.255.255/", "ip-address"],
      ["https://192.168.1.1/", "ip-address"],
      ["https://0.0.0.0/", "ip-address"],
      ["https://user:pass@fcm.googleapis.com/fcm/send/x", "credentials"],
      ["https://user@fcm.googleapis.com/fcm/send/x", "credentials"],
      ["https://fcm.googleapis.com:22/", "port"],
      ["https://fcm.googleapis.com:8443/fcm/send/x", "port"],
      ["https://localhost/", "host"],
      ["http://localhost:4000/push/x", "not-https"],
      ["http://fcm.googleapis.com/fcm/send/x", "not-https"],
      ["ftp://fcm.googleapis.com/x", "not-https"],
      ["https://fcm.googleapis.com.evil.example/", "host"],
      ["https://evilfcm.googleapis.com/", "host"],
      ["https://fcm.googleapis.com./fcm/send/x", "host"],
      ["https://push.apple.com/", "host"],
      ["https://notify.windows.com.evil.example/", "host"],
      ["https://android.googleapis.com/gcm/send/x", "host"],
      ["https://metadata.google.internal/", "host"],
      ["https://tagback.internal/", "host"],
    ];
    for (const [endpoint, reason] of cases) {
      expect(endpointRefusal(endpoint, production), endpoint).toBe(reason);
      const parsed = subscriptionSchema(production).safeParse({ endpoint, p256dh: P256DH, auth: AUTH });
      expect(parsed.success, endpoint).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(["push.unknownPushService"]);
    }
  });

  test("demo mode also takes the loopback push service the tests run, any port, http or https; never with credentials", () => {
    for (const endpoint of ["http://127.0.0.1:45123/push/abc", "https://localhost:8443/push/abc", "http://[::1]:9/push/x", "http://localhost/push/x"]) {
      expect(endpointRefusal(endpoint, demo), endpoint).toBeNull();
      expect(endpointRefusal(endpoint, production), endpoint).not.toBeNull();
    }
    expect(endpointRefusal("http://user:pw@127.0.0.1:45123/push/abc", demo)).toBe("credentials");
    expect(endpointRefusal("http://10.0.0.1/push/abc", demo)).toBe("not-https");
    expect(endpointRefusal("https://169.254.169.254/", demo)).toBe("ip-address");
  });

  test("an operator's hosts (PUSH_SERVICE_HOSTS) are added: exact names, and subdomains of a leading dot", () => {
    const options = { demoMode: false, extraHosts: ["push.example.net", ".up.example.org"] };
    expect(endpointRefusal("https://push.example.net/x", options)).toBeNull();
    expect(endpointRefusal("https://a.push.example.net/x", options)).toBe("host");
    expect(endpointRefusal("https://eu.up.example.org/x", options)).toBeNull();
    expect(endpointRefusal("https://up.example.org/x", options)).toBe("host");
    expect(endpointRefusal("https://push.example.net:8443/x", options)).toBe("port");
  });

  test(`an endpoint is at most ${ENDPOINT_MAX_CHARS} characters`, () => {
    const base = "https://fcm.googleapis.com/fcm/send/";
    expect(endpointRefusal(base + "a".repeat(ENDPOINT_MAX_CHARS - base.length), production)).toBeNull();
    expect(endpointRefusal(base + "a".repeat(ENDPOINT_MAX_CHARS - base.length + 1), production)).toBe("too-long");
    expect(subscriptionSchema(production).safeParse({ endpoint: base + "a".repeat(100_000), p256dh: P256DH, auth: AUTH }).error?.issues[0]?.message).toBe("push.badSubscription");
  });

  test("keys must be URL-safe base64 of 65 and 16 bytes (web-push throws on any other)", () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/x";
    const parse = (p256dh: unknown, auth: unknown) => subscriptionSchema(production).safeParse({ endpoint, p256dh, auth }).success;
    expect(parse(P256DH, AUTH)).toBe(true);
    expect(parse(P256DH + "=", AUTH + "==")).toBe(true);
    expect(parse(P256DH.slice(0, -2), AUTH)).toBe(false);
    expect(parse(P256DH, AUTH + "AA")).toBe(false);
    expect(parse(P256DH.replace(/.$/, "+"), AUTH)).toBe(false);
    expect(parse(P256DH, "a".repeat(10_000))).toBe(false);
    expect(parse(null, AUTH)).toBe(false);
    expect(parse(P256DH, 16)).toBe(false);
  });
});
