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
  styleHashes?: string[];
};

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const { nonce, hsts, development, formActionOrigins, analytics } = options;
  const gaScript = analytics ? " https://www.googletagmanager.com" : "";
  const gaConnect = analytics ? " https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com" : "";
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${gaScript}`,
    `style-src 'self'${(options.styleHashes ?? []).map((hash) => ` '${hash}'`).join("")}`,
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
  const headers: Record<string, string> = {
    // Vite's dev server injects scripts without a nonce, so in development the policy only reports.
    [development ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy"]: directives.join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(self), geolocation=(self), microphone=()",
  };
  if (hsts) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
