// Where blog content comes from: Sanity through @sanity/client when SANITY_PROJECT_ID is set,
// otherwise the dataset embedded in content/ (Sanity's NDJSON export format) queried with groq-js.
// Both run the same GROQ strings (queries.ts). Results are cached for 5 minutes per query and
// parameters; a failed query is retried twice and never cached.
import type { SanityClient } from "@sanity/client";
import { getEnv } from "~/core/env.server";
import { CONTENT_CACHE_MS, CONTENT_RETRIES, DEFAULT_DATASET, SANITY_API_VERSION } from "./rules";

export type QueryParams = Record<string, string | number>;

export type ContentSource = {
  /** Names the source in cache keys, so two sources never share results. */
  name: string;
  fetch(query: string, params: QueryParams): Promise<unknown>;
};

/** A failure of the content service, after its retries. */
export class ContentError extends Error {
  override name = "ContentError";
}

export function sanitySource(options: { projectId: string; dataset?: string; apiHost?: string }): ContentSource {
  // Imported on first use: @sanity/client brings rxjs and undici (1.3 MB of code), which a server
  // reading the embedded dataset never needs (its memory budget is tight: decision 020).
  let client: Promise<SanityClient> | undefined;
  const connect = async () => {
    const { createClient } = await import("@sanity/client");
    return createClient({
      projectId: options.projectId,
      dataset: options.dataset ?? DEFAULT_DATASET,
      apiVersion: SANITY_API_VERSION,
      perspective: "published",
      // A custom host (tests' loopback server) must be used as given, not as {projectId}.{host}.
      ...(options.apiHost ? { apiHost: options.apiHost, useProjectHostname: false, useCdn: false } : { useCdn: true }),
      // Retries are ours (withRetries below), counted the same for both sources.
      maxRetries: 0,
    });
  };
  return {
    name: `sanity:${options.apiHost ?? ""}:${options.projectId}:${options.dataset ?? DEFAULT_DATASET}`,
    fetch: async (query, params) => {
      // A failed import is not kept: the next query tries again.
      client ??= connect().catch((error: unknown) => {
        client = undefined;
        throw error;
      });
      return (await client).fetch(query, params);
    },
  };
}

/** Parses an NDJSON export: one document per line, blank lines ignored. */
export function parseNdjson(text: string): unknown[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
}

/**
 * The dataset embedded in content/, queried with groq-js. Both are imported, and the dataset
 * parsed, with the first query rather than at start: a finder's scan reads no blog content, and
 * every process would otherwise parse and keep groq-js's code and the documents (decision 020).
 */
export function embeddedSource(name = "embedded"): ContentSource {
  let loaded: Promise<{ groq: typeof import("groq-js"); dataset: unknown[] }> | undefined;
  const load = async () => {
    const [groq, ndjson] = await Promise.all([import("groq-js"), import("../../../content/production.ndjson?raw")]);
    return { groq, dataset: parseNdjson(ndjson.default) };
  };
  return {
    name,
    async fetch(query, params) {
      // A failed import is not kept: the next query tries again.
      loaded ??= load().catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      const { groq, dataset } = await loaded;
      const tree = groq.parse(query, { params });
      const value = await groq.evaluate(tree, { dataset, params });
      return value.get();
    },
  };
}

const holder = globalThis as typeof globalThis & { __tagbackContentSource?: ContentSource };

/** The source this process's environment names. */
export function contentSource(): ContentSource {
  if (!holder.__tagbackContentSource) {
    const env = getEnv();
    holder.__tagbackContentSource = env.SANITY_PROJECT_ID
      ? sanitySource({ projectId: env.SANITY_PROJECT_ID, dataset: env.SANITY_DATASET, apiHost: env.SANITY_API_HOST })
      : embeddedSource();
  }
  return holder.__tagbackContentSource;
}

/**
 * For the warm-up (server/warm-up.ts), which reaches no service outside the process: the embedded
 * dataset answers until the returned function puts the configured source back and forgets what was
 * cached meanwhile.
 */
export function offlineContent(): () => void {
  const configured = holder.__tagbackContentSource;
  holder.__tagbackContentSource = embeddedSource();
  return () => {
    holder.__tagbackContentSource = configured;
    cache.clear();
  };
}

type CacheEntry = { expires: number; value: Promise<unknown> };
const cache = new Map<string, CacheEntry>();

/** Forgets every cached result (tests, and a future "publish" webhook). */
export function clearContentCache() {
  cache.clear();
}

/**
 * Runs `query` on `source`, answering from the 5-minute cache when it can. Concurrent callers of
 * the same query share one request. Throws a ContentError when every attempt failed.
 */
export function runQuery(source: ContentSource, query: string, params: QueryParams = {}): Promise<unknown> {
  const key = `${source.name}\n${query}\n${JSON.stringify(params)}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value;
  const value = withRetries(() => source.fetch(query, params), CONTENT_RETRIES);
  cache.set(key, { expires: now + CONTENT_CACHE_MS, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

async function withRetries<T>(attempt: () => Promise<T>, retries: number): Promise<T> {
  let lastError: unknown;
  for (let tries = 0; tries <= retries; tries++) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 150 * tries));
    try {
      return await attempt();
    } catch (error) {
      lastError = error;
    }
  }
  throw new ContentError(`The content service failed ${retries + 1} times`, { cause: lastError });
}
