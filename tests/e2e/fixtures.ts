// The test object every e2e spec imports. Each test gets its own client IP (the server runs with
// TRUST_PROXY=fly and reads Fly-Client-IP), so per-IP limits of one test never leak into another.
import { test as base } from "@playwright/test";

let counter = 0;
export function uniqueIp() {
  counter += 1;
  const n = (process.pid * 1000 + counter) % 16_000_000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use) => {
    await use(uniqueIp());
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ "Fly-Client-IP": clientIp });
  },
});

export { expect } from "@playwright/test";
