// `mkdir -p` that cannot hang. Node's mkdirSync(dir, { recursive: true }) loops forever, at full
// CPU, when mkdir answers ENOENT under a parent that exists (as /proc does: `--qr-dir /proc/nope`
// spun for 10 minutes). Creating one level at a time turns that into an ordinary error.
import fs from "node:fs";
import path from "node:path";

/** Creates `dir` and its missing parents; throws (never hangs) when one cannot be made. */
export function makeDirectory(dir: string): string {
  const resolved = path.resolve(dir);
  const missing: string[] = [];
  let existing = resolved;
  while (!fs.existsSync(existing)) {
    missing.unshift(existing);
    existing = path.dirname(existing);
  }
  if (!fs.statSync(existing).isDirectory()) throw new Error(`${existing} is not a folder`);
  for (const folder of missing) fs.mkdirSync(folder);
  return resolved;
}
