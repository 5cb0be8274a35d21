// npm run tokens -- mint --count N [--qr-dir DIR]
// Mints a batch of sticker tokens and prints CSV (token,password,url) on stdout.
import path from "node:path";
import { MAX_MINT_COUNT, QR_ERROR_CORRECTION, QUIET_ZONE_MODULES } from "../app/features/stickers/rules.ts";
import { fail, info, openDatabase, parseCli, runCli, usageError, writableDirectory } from "./cli.ts";

const DEFAULT_APP_URL = "http://localhost:3000";

const USAGE = `
Usage: npm run tokens -- mint --count N [--qr-dir DIR]

Mints N new sticker tokens (unclaimed, unverified) and prints them as CSV on stdout:
  token,password,url
The passwords are shown only this once (the database keeps only their hashes): keep the CSV safe.

Commands:
  mint              create a batch of tokens

Options:
  --count N         how many tokens to mint, 1 to ${MAX_MINT_COUNT} (required)
  --qr-dir DIR      also write DIR/TOKEN.png, a printable QR code of each token's URL
  -h, --help        show this help

Environment:
  DATABASE_PATH     database file (default ./data/tagback.db; created and migrated if missing)
  APP_URL           origin printed in the URLs and QR codes (default ${DEFAULT_APP_URL})

Example (npm's -s keeps its own banner out of the CSV):
  APP_URL=https://tagback.app npm run -s tokens -- mint --count 100 --qr-dir ./stickers > batch.csv
`;

function parseCount(value: string | boolean | undefined): number {
  if (value === undefined || typeof value === "boolean") usageError("--count N is required");
  const count = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_MINT_COUNT) {
    usageError(`--count must be a whole number from 1 to ${MAX_MINT_COUNT}, got "${value}"`);
  }
  return count;
}

function appOrigin(value: string | undefined): string {
  const raw = value?.trim() || DEFAULT_APP_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail(`APP_URL is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") fail(`APP_URL must be an http(s) URL: "${raw}"`);
  return url.origin;
}

async function main() {
  const args = parseCli(USAGE, {
    count: { type: "string" },
    "qr-dir": { type: "string" },
  });
  if (!args) return;
  const [command, ...extra] = args.positionals;
  if (!command) usageError("missing command (expected: mint)");
  if (command !== "mint") usageError(`unknown command "${command}" (expected: mint)`);
  if (extra.length > 0) usageError(`unexpected argument "${extra[0]}"`);

  const count = parseCount(args.values.count);
  const origin = appOrigin(process.env.APP_URL);
  const qrDirOption = args.values["qr-dir"];
  // Before minting: tokens stored without their images would be a batch nobody can print.
  const qrDir = typeof qrDirOption === "string" && qrDirOption !== "" ? writableDirectory(qrDirOption, "--qr-dir") : undefined;

  const { mintTokens, tokenCsv } = await import("../app/features/stickers/mint.server.ts");
  const { db, file } = await openDatabase();
  const { batchId, tokens: rows } = await mintTokens(db, count, origin);
  // The CSV goes out first: the tokens exist now, their passwords must not be lost.
  process.stdout.write(tokenCsv(rows));
  info(`Minted ${rows.length} token${rows.length === 1 ? "" : "s"} in ${file} (batch ${batchId})`);

  if (qrDir) {
    const { default: QRCode } = await import("qrcode");
    for (const row of rows) {
      // As on the printed sheets: level H for stickers that wear, the standard's quiet zone.
      await QRCode.toFile(path.join(qrDir, `${row.token}.png`), row.url, {
        type: "png",
        errorCorrectionLevel: QR_ERROR_CORRECTION,
        margin: QUIET_ZONE_MODULES,
        width: 600,
      });
    }
    info(`Wrote ${rows.length} QR image${rows.length === 1 ? "" : "s"} to ${qrDir}`);
  }
}

await runCli(main);
