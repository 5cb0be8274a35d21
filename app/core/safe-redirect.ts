// Every redirectTo is a local path: "/x" yes; "//evil.example", "/\\evil.example", "https://…" no.
//
// The answer is the path as a browser normalises it (dot segments resolved, characters encoded),
// checked again after that normalisation: "/.//evil.example" normalises to "//evil.example", a
// network path, so it is refused rather than returned. What comes back is therefore stable: giving
// it to safeRedirect again, or to a browser (`new URL(path, origin)`), changes nothing and stays on
// the origin.
const DEFAULT_REDIRECT = "/profile";
const BASE = "http://local.invalid";

/** Slash-slash or slash-backslash: read by browsers as "another host follows". */
const NETWORK_PATH = /^[/\\]{2}/;

export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (!value.startsWith("/") || NETWORK_PATH.test(value)) return fallback;
  // Control characters and backslashes can be read as another host by some browsers.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // After normalisation it must still be a local path, in the very form a browser would give it.
  if (!path.startsWith("/") || NETWORK_PATH.test(path) || new URL(path, BASE).href !== BASE + path) return fallback;
  if (isAuthPath(url.pathname)) return fallback;
  return path;
}

/** /auth and below (routes match case-insensitively, and decoded), so signing in never loops. */
function isAuthPath(pathname: string) {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: match the raw path.
  }
  return /^\/auth(?:[/.]|$)/i.test(decoded) || /^\/auth(?:[/.]|$)/i.test(pathname);
}
