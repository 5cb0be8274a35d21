// A stand-in for Sanity's query API on loopback: GET and POST /v{date}/data/query/{dataset}
// answered with groq-js over in-memory datasets, the way @sanity/client expects
// ({ ms, query, result }; parameters as `$name` query fields holding JSON). Tests point the real
// client at it through SANITY_API_HOST. `fail` makes every query of a dataset answer 500.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { evaluate, parse } from "groq-js";

export type ContentServer = {
  url: string;
  /** Queries answered (or refused) so far, per dataset. */
  requests: (dataset: string) => number;
  fail: (dataset: string, failing: boolean) => void;
  close: () => Promise<void>;
};

async function readBody(request: http.IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}

export async function startContentServer(datasets: Record<string, unknown[]>, port = 0): Promise<ContentServer> {
  const failing = new Set<string>();
  const counts = new Map<string, number>();
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const match = /^\/v[\w-]+\/data\/query\/([\w-]+)$/.exec(url.pathname);
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (!match || !(match[1]! in datasets)) return answer(404, { error: "Not Found", message: "Dataset not found" });
    const dataset = match[1]!;
    counts.set(dataset, (counts.get(dataset) ?? 0) + 1);
    if (failing.has(dataset)) return answer(500, { error: "Internal Server Error", message: "The content service is down" });
    try {
      let query = url.searchParams.get("query") ?? "";
      let params: Record<string, unknown> = {};
      for (const [name, value] of url.searchParams) if (name.startsWith("$")) params[name.slice(1)] = JSON.parse(value);
      if (request.method === "POST") {
        const body = JSON.parse(await readBody(request)) as { query: string; params?: Record<string, unknown> };
        query = body.query;
        params = body.params ?? {};
      }
      const result = await (await evaluate(parse(query, { params }), { dataset: datasets[dataset], params })).get();
      answer(200, { ms: 1, query, result });
    } catch (error) {
      answer(400, { error: "Bad Request", message: error instanceof Error ? error.message : String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    requests: (dataset) => counts.get(dataset) ?? 0,
    fail: (dataset, on) => (on ? failing.add(dataset) : failing.delete(dataset)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
