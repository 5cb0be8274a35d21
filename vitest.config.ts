import { defineConfig } from "vitest/config";

// Unit and route-level tests run without the React Router Vite plugin.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/setup/build-app.ts"],
    setupFiles: ["./tests/setup/setup-test-env.ts"],
    pool: "forks",
    testTimeout: 20_000,
  },
});
