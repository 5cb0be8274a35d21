// Every redirectTo is a local path: "/x" yes; "//evil.example", "/\\evil.example", "https://…" no.
const DEFAULT_REDIRECT = "/profile";

export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters and backslashes can be read as another host by some browsers.
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    if (url.pathname.startsWith("/auth")) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
