// Reading a JSON request body with a bound on its size (decision 043). `request.json()` reads
// whatever arrives and throws on anything that is not JSON; a route that awaits it unguarded answers
// 500 to bad input. This reads at most `maxBytes` (it stops reading and cancels the stream past
// them), then parses: the caller gets a value to check with its zod schema, or why there is none,
// and answers 413 or 400 itself. Express has already refused a Content-Length over the site's
// bound (server/main.ts); this is the route's own, tighter one.

export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: "too-large" | "not-json" };

export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) return { ok: false, reason: "too-large" };
  if (!request.body) return { ok: false, reason: "not-json" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return { ok: false, reason: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    // The client went away or sent a broken body.
    return { ok: false, reason: "not-json" };
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return { ok: false, reason: "not-json" };
  }
}
