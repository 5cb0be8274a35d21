import { describe, expect, test } from "vitest";
import { coalescedBody } from "./coalesced-body.server";

function collect(body: ReturnType<typeof coalescedBody>) {
  const chunks: string[] = [];
  body.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  return { chunks, ended: new Promise((resolve) => body.on("end", resolve)) };
}

describe("coalescedBody", () => {
  test("what is written in one turn leaves as one chunk, and the end releases what is left", async () => {
    const body = coalescedBody();
    const { chunks, ended } = collect(body);
    body.write("<html>");
    body.write(new TextEncoder().encode("<body>"));
    body.write("…</body>");
    body.end("</html>");
    await ended;
    expect(chunks).toEqual(["<html><body>…</body></html>"]);
  });

  test("a part written in a later turn still goes out before the end (streaming is kept)", async () => {
    const body = coalescedBody();
    const { chunks, ended } = collect(body);
    body.write("shell ");
    body.write("ready");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(chunks).toEqual(["shell ready"]);
    body.write("later part");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(chunks).toEqual(["shell ready", "later part"]);
    body.end();
    await ended;
    expect(chunks).toEqual(["shell ready", "later part"]);
  });
});
