// Toasts are one-time messages carried in a signed cookie across a redirect, read (and cleared)
// by the root loader, so they show with JavaScript off too.
import { redirect } from "react-router";
import { z } from "zod";
import { signedCookie } from "~/core/cookies.server";

const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.output<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

function toastCookie() {
  return signedCookie("tb_toast");
}

export async function toastHeader(toast: ToastInput): Promise<string> {
  return toastCookie().serialize(toastSchema.parse(toast));
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast and returns the header that clears it (only when there was one). */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = toastCookie();
  const headers = new Headers();
  const raw = await cookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, headers };
  const parsed = toastSchema.safeParse(raw);
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { toast: parsed.success ? parsed.data : null, headers };
}
