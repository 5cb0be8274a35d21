// The environment, validated once at start. A bad value stops the server with a message naming it.
// Demo mode (APP_URL unset or loopback) needs no configuration at all.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { DEV_PASSWORD_MAX_LENGTH } from "./dev-mode-password.ts";
import { LOG_FORMATS } from "./log-lines.js";
import { HEAVY_JOB_NICE_RANGE } from "./heavy-job-priority.server.ts";


const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const url = optional.pipe(z.url().optional());
/** A share of one core, above 0 and at most 1 (a mint's pacing: features/stickers/mint-job.server.ts, decision 023). */
const coreShare = (fallback: number) => optional.transform((v) => (v === undefined ? fallback : Number(v))).pipe(z.number().gt(0).max(1));
/** A DNS name of two labels or more whose last label starts with a letter (so never an IPv4 address), maybe under `*.`. */
const PUSH_HOST_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const origin = url.transform((v) => (v ? new URL(v).origin : v));
/** A VAPID key as `npx web-push generate-vapid-keys` prints it: URL-safe base64 of `bytes` bytes. */
const vapidKey = (bytes: number) =>
  optional.pipe(
    z
      .string()
      .refine((v) => /^[\w-]+={0,2}$/.test(v) && Buffer.from(v, "base64url").length === bytes, `must be ${bytes} bytes in URL-safe base64 (npx web-push generate-vapid-keys)`)
      .optional(),
  );

/** A week: any moment of the last 7 days can be restored, and erased data leaves the backups after it. */
const DEFAULT_BACKUP_RETENTION_DAYS = 7;

/** The warm-up's bound: three rounds take ~1 s on a whole core, ~15 s under a shared-cpu-1x's quota. */
const DEFAULT_WARM_UP_SECONDS = 15;

const NICE_RANGE_MESSAGE = `must be a whole number from ${HEAVY_JOB_NICE_RANGE.min} to ${HEAVY_JOB_NICE_RANGE.max}`;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
    // Read by server.js before this schema (core/log-lines.js); here so a bad value is named with the rest.
    LOG_FORMAT: optional.pipe(z.enum(LOG_FORMATS).optional()),
    // Read by core/heavy-job-priority.server.ts as it loads; here so a bad value stops the start.
    // How long server/warm-up.ts may take before the port opens; 0 turns it off (decision 049).
    WARM_UP_SECONDS: optional
      .pipe(z.string().regex(/^([0-9]|[1-5][0-9]|60)$/, "must be a whole number of seconds from 0 to 60").optional())
      .transform((v) => Number(v ?? DEFAULT_WARM_UP_SECONDS)),
    HEAVY_JOB_NICE: optional.pipe(z.string().regex(/^(1?[0-9])$/, NICE_RANGE_MESSAGE).optional()),
    PORT: optional.transform((v) => Number(v ?? 3000)).pipe(z.number().int().min(1).max(65535)),
    DATABASE_PATH: optional.default("./data/tagback.db"),
    APP_URL: origin,
    SESSION_SECRET: optional,
    DEV_MODE_PASSWORD: optional.pipe(
      z.string().max(DEV_PASSWORD_MAX_LENGTH, `must be at most ${DEV_PASSWORD_MAX_LENGTH} characters`).optional(),
    ),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    OAUTH_AUTHORIZATION_URL: url.default("https://accounts.google.com/o/oauth2/v2/auth"),
    OAUTH_TOKEN_URL: url.default("https://oauth2.googleapis.com/token"),
    OAUTH_USERINFO_URL: url.default("https://openidconnect.googleapis.com/v1/userinfo"),
    SMTP_URL: url,
    /** "off": docker-start.sh runs the server without a Litestream replica (tagback_backup_off says so). */
    BACKUP: optional.pipe(z.enum(["off"], { error: 'must be "off" or unset' }).optional()),
    /**
     * Days the Litestream replica keeps old snapshots and WAL (decision 045): how long an erased
     * account's data stays in the backups. docker-start.sh hands it to litestream.yml's `retention`
     * (scripts/backup-retention.sh; a test checks both read the same default), and the privacy
     * policy, the page after Delete my account and docs/data-retention.md state it.
     */
    BACKUP_RETENTION_DAYS: optional
      .pipe(z.string().regex(/^[1-9]\d{0,3}$/, "must be a whole number of days from 1 to 9999").optional())
      .transform((v) => Number(v ?? DEFAULT_BACKUP_RETENTION_DAYS)),
    /** "off": run in production without sending mail (said at start and in a metric). */
    MAIL_DELIVERY: optional.pipe(z.enum(["off"], { error: 'must be "off" or unset' }).optional()),
    MAIL_FROM: optional.default("Tagback <no-reply@tagback.app>"),
    /** Web Push (decision 035): all three, or none (then push is off outside demo mode). */
    VAPID_PUBLIC_KEY: vapidKey(65),
    VAPID_PRIVATE_KEY: vapidKey(32),
    /** Who the push services can reach about this sender: a mailto: or https: URL. */
    VAPID_SUBJECT: optional.pipe(
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https: URL")
        .optional(),
    ),
    /**
     * Push services' hosts besides the built-in ones (features/push/rules.ts, decision 043), comma-
     * separated: `push.example.net`, or `*.push.example.net` for its subdomains. Names only: an IP
     * address or a one-label name (localhost) would let accounts aim the server at the inside again.
     */
    PUSH_SERVICE_HOSTS: optional
      .transform((v) => (v ?? "").split(",").map((host) => host.trim().toLowerCase()).filter(Boolean))
      .pipe(
        z.array(
          z
            .string()
            .max(253)
            .regex(PUSH_HOST_PATTERN, "must be comma-separated hostnames such as push.example.net or *.push.example.net (no IP addresses, ports or paths)")
            .transform((host) => host.replace(/^\*\./, ".")),
        ),
      ),
    SANITY_PROJECT_ID: optional,
    SANITY_DATASET: optional.default("production"),
    SANITY_API_HOST: url,
    GA_MEASUREMENT_ID: optional.pipe(
      z
        .string()
        .regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")
        .optional(),
    ),
    SHOP_URL: url.default("https://shop.tagback.app"),
    TRUST_PROXY: optional.pipe(z.enum(["fly"]).optional()),
    /** Processes serving the port (server.js starts a cluster above 1). */
    WEB_CONCURRENCY: optional.transform((v) => Number(v ?? 1)).pipe(z.number().int().min(1).max(64)),
    /** How long a stop waits for open requests before it cuts them off (fly.toml's kill_timeout is 30 s). */
    SHUTDOWN_TIMEOUT_SECONDS: optional.transform((v) => Number(v ?? 20)).pipe(z.number().min(1).max(300)),
    /** Prometheus's GET /metrics on its own port (0: none), never the public one (server/metrics-server.ts). */
    METRICS_PORT: optional
      .transform((v) => (v === undefined ? undefined : Number(v)))
      .pipe(z.number().int().min(0).max(65535).optional()),
    /** The address it listens on: loopback unless widened (Fly scrapes over its private network). */
    METRICS_HOST: optional.default("127.0.0.1"),
    /**
     * The address PORT listens on. Unset: every address outside demo mode (Fly's proxy reaches the
     * machine's), loopback only in demo mode (127.0.0.1 and ::1): a demo's made-up developer
     * password must not open the app to the network. `::` or `0.0.0.0` widens a demo on purpose.
     */
    HOST: optional,
    /**
     * The share of one core a mint's hashes may take: one hash, then a pause. 1/50 is under a third
     * of a shared-cpu-1x's sustained 1/16, so 10,000 stickers take ~12 min and the finders keep the rest.
     */
    MINT_CPU_SHARE: coreShare(1 / 50),
  })
  .transform((env) => {
    const demoMode = !env.APP_URL || isLoopbackOrigin(env.APP_URL);
    // Demo mode needs no configuration: a session secret and a developer-mode password are made
    // up for this process (sessions end when it restarts); server.js prints the password.
    const makeUpDevPassword = demoMode && !env.DEV_MODE_PASSWORD;
    return {
      ...env,
      // Off unless asked for in `npm run dev`: a developer's second checkout must not clash on 9091.
      METRICS_PORT: env.METRICS_PORT ?? (env.NODE_ENV === "development" ? 0 : 9091),
      APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
      SESSION_SECRET: env.SESSION_SECRET ?? (demoMode ? randomBytes(32).toString("base64url") : undefined),
      DEV_MODE_PASSWORD: makeUpDevPassword ? randomBytes(DEV_PASSWORD_MAX_LENGTH / 2).toString("hex") : env.DEV_MODE_PASSWORD,
      devModePasswordMadeUp: makeUpDevPassword,
      demoMode,
      // How mail leaves (core/mail.server.ts): over SMTP, or in demo mode without SMTP_URL written to
      // the log. Production without SMTP_URL is refused below unless the operator said "off":
      // there it would write every mail, private links and all, into the log stream.
      mailDelivery: (env.MAIL_DELIVERY === "off" ? "off" : env.SMTP_URL ? "smtp" : demoMode ? "log" : "unset") as "off" | "smtp" | "log" | "unset",
      // Web Push (core/push.server.ts): the operator's VAPID keys; in demo mode without them a key
      // pair made once and kept in the database; otherwise none, and the settings say push is off.
      push: (env.VAPID_PUBLIC_KEY ? "env" : demoMode ? "demo" : "off") as "env" | "demo" | "off",
      // Secure cookies and HSTS only where the app is served over https.
      secureCookies: !demoMode && env.APP_URL!.startsWith("https:"),
    };
  })
  .superRefine((env, ctx) => {
    if (!env.demoMode && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when APP_URL is not a loopback origin",
      });
    }
    if (env.mailDelivery === "unset") {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required when APP_URL is not a loopback origin (or set MAIL_DELIVERY=off to run without sending mail)",
      });
    }
    // A deployed site must be enterable by the public (issue 33): Google, or codes by e-mail, which
    // need mail. With mail off, Google must be configured. Developer mode is for the team, not a
    // way in for owners.
    const googleReady = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
    if (env.NODE_ENV === "production" && !env.demoMode && env.mailDelivery === "off" && !googleReady) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_DELIVERY"],
        message:
          "is off and Google sign-in is not configured: nobody could sign in. Set SMTP_URL (sign-in codes by e-mail) or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET",
      });
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
    if (vapid.some(Boolean) && !vapid.every(Boolean)) {
      for (const [name, value] of [["VAPID_PUBLIC_KEY", env.VAPID_PUBLIC_KEY], ["VAPID_PRIVATE_KEY", env.VAPID_PRIVATE_KEY], ["VAPID_SUBJECT", env.VAPID_SUBJECT]] as const) {
        if (!value) ctx.addIssue({ code: "custom", path: [name], message: "is required with the other VAPID variables (all three, or none)" });
      }
    }
  });

export type Env = z.output<typeof envSchema>;

function isLoopbackOrigin(value: string) {
  const host = new URL(value).hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Parses an environment object; throws an Error whose message names each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment:\n${lines.join("\n")}`);
}

// Parsed once per process and kept on globalThis: Node runs server.js natively while Vite bundles a
// second copy of this module into the server build, and both must see the same made-up secrets.
const holder = globalThis as typeof globalThis & { __tagbackEnv?: Env };

/** The validated environment of this process. process.env itself is never changed. */
export function getEnv(): Env {
  holder.__tagbackEnv ??= parseEnv(process.env);
  return holder.__tagbackEnv;
}

/** Secrets that sign cookies: SESSION_SECRET (comma-separated, newest first for rotation). */
export function cookieSecrets(): string[] {
  return getEnv().SESSION_SECRET!.split(",").map((s) => s.trim()).filter(Boolean);
}
