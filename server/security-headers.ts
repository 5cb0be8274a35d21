// Response headers every page gets: an enforced Content-Security-Policy with a per-request nonce,
// and the usual hardening headers. HSTS only where the app is served over https.
export type SecurityHeaderOptions = {
  nonce: string;
  hsts: boolean;
  development: boolean;
  /** Origins that forms may post or redirect to (the OAuth provider's authorization endpoint). */
  formActionOrigins: string[];
  analytics: boolean;
  /** The page runs the QR scanner, whose decoder is a worker started from a blob: URL. */
  scannerWorker?: boolean;
  /** Inline stylesheets allowed by their hash ("sha256-…"): the app's CSS on pages not hydrated. */
  styleHashes?: readonly string[];
  /** Inline scripts allowed by their hash ("sha256-…"): a kept page's, which carry no nonce (decision 029). */
  scriptHashes?: readonly string[];
};

/** The Content-Security-Policy header: its name (report-only in development) and value. */
export function contentSecurityPolicy(options: SecurityHeaderOptions): [string, string] {
  const { nonce, hsts, development, formActionOrigins, analytics } = options;
  const gaScript = analytics ? " https://www.googletagmanager.com" : "";
  const gaConnect = analytics ? " https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com" : "";
  const hashes = (list: readonly string[] | undefined) => (list ?? []).map((hash) => ` '${hash}'`).join("");
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${hashes(options.scriptHashes)}${gaScript}`,
    `style-src 'self'${hashes(options.styleHashes)}`,
    "img-src 'self' data: https:",
    `connect-src 'self'${gaConnect}${development ? " ws: wss:" : ""}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${formActionOrigins.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    ...(options.scannerWorker ? ["worker-src 'self' blob:"] : []),
    ...(hsts ? ["upgrade-insecure-requests"] : []),
  ];
  // Vite's dev server injects scripts without a nonce, so in development the policy only reports.
  return [development ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy", directives.join("; ")];
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const [policyName, policy] = contentSecurityPolicy(options);
  const headers: Record<string, string> = {
    [policyName]: policy,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(self), geolocation=(self), microphone=()",
  };
  if (options.hsts) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
