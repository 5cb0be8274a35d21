// Draws the installable owner area's icons (decision 035) into public/icons/: the favicon's "T" on
// the brand blue at 192 and 512 pixels, and a maskable 512 whose mark keeps inside the central 80 %
// safe zone (a launcher may cut the icon to a circle). Run once when the mark changes, and commit
// the PNGs: `npx node scripts/make-app-icons.ts`.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const BLUE = "#1d5fd1";
// The favicon's "T", on a 32-unit grid.
const T = "M9 10h14v3h-5.5v10h-3V13H9z";

/** The favicon itself: rounded square, the mark filling it. */
const standard = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BLUE}"/><path d="${T}" fill="#fff"/></svg>`;
/** Full bleed, the mark scaled by three quarters about the centre: well inside the 80 % safe circle. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><path d="${T}" fill="#fff" transform="translate(16 16) scale(0.75) translate(-16 -16.5)"/></svg>`;

await initWasm(fs.readFileSync(createRequire(import.meta.url).resolve("@resvg/resvg-wasm/index_bg.wasm")));
const out = path.resolve("public/icons");
fs.mkdirSync(out, { recursive: true });
for (const [name, svg, size] of [
  ["icon-192.png", standard, 192],
  ["icon-512.png", standard, 512],
  ["icon-maskable-512.png", maskable, 512],
] as const) {
  const renderer = new Resvg(svg, { fitTo: { mode: "width", value: size }, font: { loadSystemFonts: false } });
  const image = renderer.render();
  fs.writeFileSync(path.join(out, name), image.asPng());
  console.log(`${name}: ${image.width}×${image.height}`);
  image.free();
  renderer.free();
}
