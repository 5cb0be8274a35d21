// A GET to a real server as a phone would send it, with the body as it came over the wire (still
// compressed), for the tests of pages kept precompressed (kept-pages.test.ts, junk-traffic.test.ts).
import http from "node:http";
import zlib from "node:zlib";

export type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number };

/** On a connection of its own (a new client), timed from the call to the body's end. */
export function rawGet(url: string, headers: Record<string, string>): Promise<Raw> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
    });
    request.on("error", reject);
  });
}

/** The body as HTML, decompressed as its Content-Encoding says. */
export function decoded(response: Raw): string {
  const encoding = response.headers["content-encoding"];
  const body = encoding === "br" ? zlib.brotliDecompressSync(response.body) : encoding === "gzip" ? zlib.gunzipSync(response.body) : response.body;
  return body.toString("utf8");
}

/** How the server made the answer: `render;desc="kept"` from the kept pages, `render;desc="react"` rendered alike for anyone. */
export const how = (response: Raw) => response.headers["server-timing"];
export const KEPT = 'render;desc="kept"';

/** A page is kept once its compression is done (in the thread pool): asks until the answer comes from the kept pages. */
export async function keptAnswer(get: (pathname: string, headers?: Record<string, string>) => Promise<Raw>, pathname: string, headers: Record<string, string> = {}): Promise<Raw> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await get(pathname, headers);
    if (how(response) === KEPT) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${pathname} was never answered from the kept pages`);
}
