import { describe, expect, test } from "vitest";
import { parseEnv } from "./env.server";

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
    expect(() => parseEnv({ APP_URL: "https://tagback.fly.dev", SMTP_URL: "smtp://mail.example" })).toThrow(/SESSION_SECRET/);
    const env = parseEnv({ APP_URL: "https://tagback.fly.dev", SESSION_SECRET: "a,b", SMTP_URL: "smtp://mail.example" });
    expect(env.demoMode).toBe(false);
    expect(env.secureCookies).toBe(true);
  });

  test("production refuses to start without a public sign-in method: Google's client, or SMTP_URL for codes", () => {
    const deployed = { APP_URL: "https://tagback.fly.dev", SESSION_SECRET: "s" };
    expect(() => parseEnv(deployed)).toThrow(/^Invalid environment:\n {2}SMTP_URL: no public sign-in method: set SMTP_URL \(sign-in codes by e-mail\) or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET \(Google\), or nobody can sign in$/);
    // Developer mode is no public way in; half a Google client is none either.
    expect(() => parseEnv({ ...deployed, DEV_MODE_PASSWORD: "12345678", GOOGLE_CLIENT_ID: "id" })).toThrow(/no public sign-in method/);
    expect(parseEnv({ ...deployed, SMTP_URL: "smtp://mail.example" }).demoMode).toBe(false);
    expect(parseEnv({ ...deployed, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }).demoMode).toBe(false);
    // Demo mode and development need neither.
    expect(parseEnv({}).demoMode).toBe(true);
    expect(parseEnv({ ...deployed, NODE_ENV: "development" }).demoMode).toBe(false);
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
});
