// The part of autocannon's API scripts/bench.ts uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p97_5: number; p99: number; [percentile: string]: number };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: Array<{ setupRequest?: (request: { headers?: Record<string, string> }) => unknown }>;
  };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number };
  export default function autocannon(options: Options): Promise<Result>;
}
