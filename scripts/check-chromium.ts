// node scripts/check-chromium.ts (run first by `npm test` and `npm run test:e2e`)
// The end-to-end tests drive an installed Chromium: Playwright cannot download its own browser on
// the machines here. When it is missing, stop at once with one line that says how to get it,
// instead of building the app and then failing every end-to-end test with a launch error.
import fs from "node:fs";

const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/** The Chromium the end-to-end tests launch; playwright.config.ts reads it from here too. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

/** One line saying what is wrong and how to fix it, or null when Chromium is there. */
export function chromiumProblem(file = chromiumPath()): string | null {
  let problem: string;
  try {
    if (!fs.statSync(file).isFile()) throw new Error("not a file");
    fs.accessSync(file, fs.constants.X_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problem = code === "EACCES" ? `Chromium at ${file} is not executable` : `Chromium not found at ${file}`;
  }
  const fromEnv = process.env.CHROMIUM_PATH ? " (CHROMIUM_PATH)" : "";
  const fix =
    process.platform === "linux"
      ? 'install it with "apt-get install -y chromium" (Debian) or set CHROMIUM_PATH to a Chromium or Chrome executable.'
      : "set CHROMIUM_PATH to a Chromium or Chrome executable.";
  return `${problem}${fromEnv}: ${fix}`;
}

if (import.meta.main) {
  const problem = chromiumProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
