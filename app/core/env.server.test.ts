import webpush from "web-push";
import { describe, expect, test } from "vitest";
import { parseEnv } from "./env.server";
import { heavyJobNiceOf } from "./heavy-job-priority.server";

describe("environment schema", () => {
  test("needs nothing in demo mode", () => {
    const env = parseEnv({});
    expect(env.demoMode).toBe(true);
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_PATH).toBe("./data/tagback.db");
    expect(env.secureCookies).toBe(false);
    expect(env.OAUTH_AUTHORIZATION_URL).toBe("https://accounts.google.com/o/oauth2/v2/auth");
  });

  test("a loopback APP_URL is still demo mode", () => {
    expect(parseEnv({ APP_URL: "http://127.0.0.1:4000/" }).demoMode).toBe(true);
    expect(parseEnv({ APP_URL: "http://localhost:3000" }).demoMode).toBe(true);
    expect(parseEnv({ APP_URL: "http://127.0.0.1:4000/" }).APP_URL).toBe("http://127.0.0.1:4000");
  });

  test("production requires SESSION_SECRET and turns on secure cookies", () => {
    expect(() => parseEnv({ APP_URL: "https://tagback.fly.dev" })).toThrow(/SESSION_SECRET/);
    const env = parseEnv({ APP_URL: "https://tagback.fly.dev", SESSION_SECRET: "a,b", SMTP_URL: "smtp://mail.example:587" });
    expect(env.demoMode).toBe(false);
    expect(env.secureCookies).toBe(true);
    expect(env.mailDelivery).toBe("smtp");
  });

  test("production without SMTP_URL is refused unless MAIL_DELIVERY=off says so; demo mode writes mail to the log", () => {
    // With Google configured: with mail off it is the only public sign-in method (issue 33, next test).
    const production = { APP_URL: "https://tagback.fly.dev", SESSION_SECRET: "a", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" };
    expect(() => parseEnv(production)).toThrow(/SMTP_URL: is required when APP_URL is not a loopback origin \(or set MAIL_DELIVERY=off/);
    expect(parseEnv({ ...production, MAIL_DELIVERY: "off" }).mailDelivery).toBe("off");
    // Off wins over an SMTP_URL left set: the operator said so.
    expect(parseEnv({ ...production, MAIL_DELIVERY: "off", SMTP_URL: "smtp://mail.example" }).mailDelivery).toBe("off");
    expect(() => parseEnv({ ...production, MAIL_DELIVERY: "no" })).toThrow(/MAIL_DELIVERY: must be "off" or unset/);
    expect(parseEnv({}).mailDelivery).toBe("log");
    expect(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525" }).mailDelivery).toBe("smtp");
  });

  test("production refuses to start without a public sign-in method: with mail off, Google must be configured", () => {
    const mailOff = { APP_URL: "https://tagback.fly.dev", SESSION_SECRET: "s", MAIL_DELIVERY: "off" };
    expect(() => parseEnv(mailOff)).toThrow(
      /^Invalid environment:\n {2}MAIL_DELIVERY: is off and Google sign-in is not configured: nobody could sign in\. Set SMTP_URL \(sign-in codes by e-mail\) or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET$/,
    );
    // Developer mode is no public way in; half a Google client is none either.
    expect(() => parseEnv({ ...mailOff, DEV_MODE_PASSWORD: "12345678", GOOGLE_CLIENT_ID: "id" })).toThrow(/nobody could sign in/);
    expect(parseEnv({ ...mailOff, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).mailDelivery).toBe("off");
    // SMTP_URL alone is enough (codes by e-mail); without it and without "off", the one line is SMTP_URL's.
    expect(parseEnv({ APP_URL: "https://tagback.fly.dev", SESSION_SECRET: "s", SMTP_URL: "smtp://mail.example" }).mailDelivery).toBe("smtp");
    expect(() => parseEnv({ APP_URL: "https://tagback.fly.dev", SESSION_SECRET: "s" })).toThrow(/^Invalid environment:\n {2}SMTP_URL: [^\n]*$/);
    // Demo mode and development need neither.
    expect(parseEnv({}).demoMode).toBe(true);
    expect(parseEnv({ ...mailOff, NODE_ENV: "development" }).demoMode).toBe(false);
  });

  test("a mint's pacing share: its default, a value taken, and anything outside (0, 1] refused at start", () => {
    expect(parseEnv({})).toMatchObject({ MINT_CPU_SHARE: 1 / 50 });
    expect(parseEnv({ MINT_CPU_SHARE: " 0.5 " })).toMatchObject({ MINT_CPU_SHARE: 0.5 });
    expect(parseEnv({ MINT_CPU_SHARE: "1" })).toMatchObject({ MINT_CPU_SHARE: 1 });
    expect(parseEnv({ MINT_CPU_SHARE: "" })).toMatchObject({ MINT_CPU_SHARE: 1 / 50 });
    for (const bad of ["0", "-0.1", "1.5", "half"]) {
      expect(() => parseEnv({ MINT_CPU_SHARE: bad })).toThrow(/MINT_CPU_SHARE/);
    }
  });

  test("WARM_UP_SECONDS: 15 unless said, 0 turns the warm-up off, anything outside 0–60 refused at start", () => {
    expect(parseEnv({})).toMatchObject({ WARM_UP_SECONDS: 15 });
    expect(parseEnv({ WARM_UP_SECONDS: "0" })).toMatchObject({ WARM_UP_SECONDS: 0 });
    expect(parseEnv({ WARM_UP_SECONDS: "60" })).toMatchObject({ WARM_UP_SECONDS: 60 });
    for (const bad of ["61", "-1", "1.5", "soon"]) expect(() => parseEnv({ WARM_UP_SECONDS: bad })).toThrow(/WARM_UP_SECONDS: must be a whole number of seconds from 0 to 60/);
  });

  test("HEAVY_JOB_NICE: a nice value from 0 to 19 is taken (and read as heavy jobs load), anything else refused at start", () => {
    for (const good of ["0", "7", "19", " 10 "]) expect(() => parseEnv({ HEAVY_JOB_NICE: good })).not.toThrow();
    for (const bad of ["20", "-1", "1.5", "low", "019"]) {
      expect(() => parseEnv({ HEAVY_JOB_NICE: bad })).toThrow(/HEAVY_JOB_NICE: must be a whole number from 0 to 19/);
    }
    expect(heavyJobNiceOf(undefined)).toBe(19);
    expect(heavyJobNiceOf("")).toBe(19);
    expect(heavyJobNiceOf("0")).toBe(0);
    expect(heavyJobNiceOf("12")).toBe(12);
    expect(heavyJobNiceOf("20")).toBe(19);
  });

  test("VAPID keys: optional in production (push is then off), all three or none, checked for size; demo mode makes its own", () => {
    const production = { APP_URL: "https://tagback.fly.dev", SESSION_SECRET: "a", SMTP_URL: "smtp://mail.example" };
    expect(parseEnv(production).push).toBe("off");
    expect(parseEnv({}).push).toBe("demo");
    const keys = webpush.generateVAPIDKeys();
    const vapid = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:ops@tagback.app" };
    expect(parseEnv({ ...production, ...vapid }).push).toBe("env");
    expect(parseEnv({ ...vapid }).push).toBe("env");
    expect(() => parseEnv({ ...production, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY: is required with the other VAPID variables[\s\S]*VAPID_SUBJECT/);
    expect(() => parseEnv({ ...production, ...vapid, VAPID_PUBLIC_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY: must be 65 bytes/);
    expect(() => parseEnv({ ...production, ...vapid, VAPID_SUBJECT: "http://tagback.app" })).toThrow(/VAPID_SUBJECT: must be a mailto: address or an https: URL/);
  });

  test("a bad value names the variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ APP_URL: "not a url" })).toThrow(/APP_URL/);
    expect(() => parseEnv({ DEV_MODE_PASSWORD: "123456789" })).toThrow(/DEV_MODE_PASSWORD: must be at most 8 characters/);
    expect(() => parseEnv({ TRUST_PROXY: "cloudflare" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ GA_MEASUREMENT_ID: "UA-1" })).toThrow(/GA_MEASUREMENT_ID/);
    expect(() => parseEnv({ SMTP_URL: "nope" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY/);
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "2" }).WEB_CONCURRENCY).toBe(2);
  });

  test("metrics listen on loopback port 9091 unless told otherwise; 0 turns them off", () => {
    expect(parseEnv({})).toMatchObject({ METRICS_PORT: 9091, METRICS_HOST: "127.0.0.1" });
    expect(parseEnv({ METRICS_PORT: "0", METRICS_HOST: "::" })).toMatchObject({ METRICS_PORT: 0, METRICS_HOST: "::" });
    expect(() => parseEnv({ METRICS_PORT: "nine" })).toThrow(/METRICS_PORT/);
    expect(() => parseEnv({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
    // `npm run dev` serves no metrics unless asked: a second checkout's dev server must not clash.
    expect(parseEnv({ NODE_ENV: "development" }).METRICS_PORT).toBe(0);
    expect(parseEnv({ NODE_ENV: "development", METRICS_PORT: "9100" }).METRICS_PORT).toBe(9100);
  });

  test("empty strings count as unset", () => {
    const env = parseEnv({ APP_URL: "", PORT: "", TRUST_PROXY: "" });
    expect(env.demoMode).toBe(true);
    expect(env.TRUST_PROXY).toBeUndefined();
  });

  test("accepts every documented variable", () => {
    const env = parseEnv({
      PORT: "8080",
      DATABASE_PATH: "/data/tagback.db",
      APP_URL: "https://tagback.app",
      SESSION_SECRET: "new,old",
      DEV_MODE_PASSWORD: "12345678",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      OAUTH_AUTHORIZATION_URL: "http://127.0.0.1:9000/authorize",
      OAUTH_TOKEN_URL: "http://127.0.0.1:9000/token",
      OAUTH_USERINFO_URL: "http://127.0.0.1:9000/userinfo",
      SMTP_URL: "smtp://user:pass@mail.example:587",
      MAIL_DELIVERY: "off",
      MAIL_FROM: "Tagback <hi@tagback.app>",
      SANITY_PROJECT_ID: "abc123",
      SANITY_DATASET: "production",
      SANITY_API_HOST: "http://127.0.0.1:9100",
      GA_MEASUREMENT_ID: "G-ABC123",
      SHOP_URL: "https://shop.tagback.app",
      TRUST_PROXY: "fly",
    });
    expect(env.PORT).toBe(8080);
    expect(env.TRUST_PROXY).toBe("fly");
    expect(env.OAUTH_TOKEN_URL).toBe("http://127.0.0.1:9000/token");
  });

  test("PUSH_SERVICE_HOSTS: comma-separated hostnames, `*.` for subdomains; never an IP address, a port or one label", () => {
    expect(parseEnv({}).PUSH_SERVICE_HOSTS).toEqual([]);
    expect(parseEnv({ PUSH_SERVICE_HOSTS: " Push.Example.net, *.up.example.org ,," }).PUSH_SERVICE_HOSTS).toEqual(["push.example.net", ".up.example.org"]);
    for (const bad of ["127.0.0.1", "10.0.0.1,push.example.net", "[::1]", "localhost", "push.example.net:8443", "https://push.example.net", "push.example.net/x", "*.", "a..b.example", "_api.internal"]) {
      expect(() => parseEnv({ PUSH_SERVICE_HOSTS: bad }), bad).toThrow(/PUSH_SERVICE_HOSTS\.\d+: must be comma-separated hostnames/);
    }
  });
});
