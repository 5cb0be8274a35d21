// Draws the landing page's pictures, all our own: the 8 sticker mock-ups of the hero slideshow
// (public/images/stickers/*.svg, each with a real QR code of the demo sticker, so scanning the
// picture opens the demo profile) and the share image for Open Graph and Twitter cards
// (public/images/share.svg, rendered to public/images/share.jpg, since those crawlers do not take
// SVG). Run after changing a drawing: `node scripts/marketing-images.ts`. Needs Chromium for the PNG.
import fs from "node:fs";
import path from "node:path";
import QRCode from "qrcode";
import { chromium } from "@playwright/test";
import { chromiumPath } from "./check-chromium.ts";

const OUT = path.join(import.meta.dirname, "..", "public", "images");
const DEMO_URL = "https://tagback.app/?t=123456789012";

/** The QR code as one path of unit squares (merged into horizontal runs), quiet zone excluded. */
function qrPath(url: string) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  let d = "";
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; ) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      d += `M${start} ${row}h${col - start}v1h${start - col}z`;
    }
  }
  return { d, size: modules.size };
}

const qr = qrPath(DEMO_URL);

/** A Tagback sticker: a white rounded square with the QR code and the brand line under it. */
function sticker(x: number, y: number, size: number, rotate = 0) {
  const pad = size * 0.09;
  const scale = (size - 2 * pad) / qr.size;
  const label = size * 0.2;
  return `<g transform="translate(${x} ${y}) rotate(${rotate} ${size / 2} ${size / 2})">
<rect x="3" y="5" width="${size}" height="${size + label}" rx="${size * 0.1}" fill="#0f2a5c" opacity=".18"/>
<rect width="${size}" height="${size + label}" rx="${size * 0.1}" fill="#fff" stroke="#d9edff" stroke-width="2"/>
<path transform="translate(${pad} ${pad}) scale(${scale.toFixed(4)})" d="${qr.d}" fill="#0f2a5c"/>
<rect x="${pad}" y="${size - pad * 0.4}" width="${size - 2 * pad}" height="${label * 0.62}" rx="${label * 0.2}" fill="#1d5fd1"/>
<text x="${size / 2}" y="${size - pad * 0.4 + label * 0.45}" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="800" font-size="${label * 0.38}" fill="#fff" letter-spacing="1">TAGBACK</text>
</g>`;
}

function scene(background: string, body: string, title: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480" width="640" height="480" role="img" aria-label="${title}">
<rect width="640" height="480" fill="${background}"/>
<circle cx="560" cy="70" r="120" fill="#fff" opacity=".35"/>
<circle cx="70" cy="440" r="90" fill="#fff" opacity=".25"/>
${body}
</svg>
`;
}

const SCENES: Record<string, string> = {
  "metro-card": scene(
    "#d9edff",
    `<g transform="rotate(-6 320 240)"><rect x="110" y="120" width="420" height="260" rx="22" fill="#1a4fae"/>
<rect x="110" y="170" width="420" height="38" fill="#f59e0b"/>
<rect x="140" y="240" width="70" height="52" rx="8" fill="#fcd34d"/>
<text x="140" y="158" font-family="system-ui,sans-serif" font-weight="800" font-size="26" fill="#fff">METRO SMART CARD</text>
<text x="140" y="345" font-family="monospace" font-size="18" fill="#d9edff">1234 5678 1234 5678</text></g>
${sticker(385, 205, 118, 4)}`,
    "Tagback sticker on a metro card",
  ),
  laptop: scene(
    "#e0e7ff",
    `<rect x="150" y="90" width="340" height="225" rx="16" fill="#334155"/>
<rect x="166" y="106" width="308" height="193" rx="6" fill="#475569"/>
<path d="M90 330h460l-30 40H120z" fill="#94a3b8"/><rect x="280" y="332" width="80" height="8" rx="4" fill="#64748b"/>
${sticker(265, 140, 110, -3)}`,
    "Tagback sticker on a laptop lid",
  ),
  keys: scene(
    "#fef3c7",
    `<circle cx="230" cy="150" r="52" fill="none" stroke="#94a3b8" stroke-width="12"/>
<g transform="rotate(35 230 150)"><rect x="215" y="200" width="30" height="180" rx="8" fill="#d97706"/><rect x="245" y="320" width="30" height="16" fill="#d97706"/><rect x="245" y="350" width="22" height="16" fill="#d97706"/><circle cx="230" cy="205" r="36" fill="#f59e0b"/></g>
<g transform="rotate(-20 230 150)"><rect x="220" y="200" width="24" height="150" rx="6" fill="#64748b"/><rect x="244" y="300" width="22" height="14" fill="#64748b"/><circle cx="232" cy="205" r="30" fill="#94a3b8"/></g>
<path d="M270 150l90-20" stroke="#94a3b8" stroke-width="6"/>
${sticker(345, 110, 140, 8)}`,
    "Tagback sticker tag on a key ring",
  ),
  backpack: scene(
    "#dcfce7",
    `<path d="M250 110q70-60 140 0" fill="none" stroke="#14532d" stroke-width="16"/>
<rect x="190" y="110" width="260" height="310" rx="60" fill="#16a34a"/>
<rect x="225" y="270" width="190" height="120" rx="26" fill="#15803d"/>
<rect x="300" y="262" width="40" height="12" rx="6" fill="#14532d"/>
${sticker(262, 130, 116, -5)}`,
    "Tagback sticker on a backpack",
  ),
  phone: scene(
    "#fce7f3",
    `<g transform="rotate(8 320 240)"><rect x="225" y="60" width="190" height="370" rx="34" fill="#1f2937"/>
<rect x="240" y="80" width="160" height="330" rx="22" fill="#374151"/>
<circle cx="278" cy="115" r="18" fill="#111827"/><circle cx="278" cy="115" r="9" fill="#4b5563"/></g>
${sticker(262, 205, 112, 6)}`,
    "Tagback sticker on the back of a phone",
  ),
  helmet: scene(
    "#ffedd5",
    `<path d="M130 320a190 190 0 0 1 380 0z" fill="#ea580c"/>
<path d="M160 320h350v34H160z" fill="#9a3412"/>
<path d="M330 200h170a180 180 0 0 1 10 90H350z" fill="#1e293b" opacity=".85"/>
${sticker(175, 185, 110, -8)}`,
    "Tagback sticker on a two-wheeler helmet",
  ),
  wallet: scene(
    "#ede9fe",
    `<rect x="140" y="130" width="360" height="240" rx="26" fill="#7c2d12"/>
<path d="M140 190h360v-34a26 26 0 0 0-26-26H166a26 26 0 0 0-26 26z" fill="#9a3412"/>
<rect x="390" y="220" width="110" height="70" rx="16" fill="#9a3412"/><circle cx="425" cy="255" r="10" fill="#fcd34d"/>
${sticker(200, 180, 118, 3)}`,
    "Tagback sticker inside a wallet",
  ),
  charger: scene(
    "#e2e8f0",
    `<rect x="170" y="150" width="200" height="220" rx="26" fill="#f8fafc" stroke="#cbd5e1" stroke-width="4"/>
<rect x="215" y="110" width="20" height="44" rx="4" fill="#94a3b8"/><rect x="305" y="110" width="20" height="44" rx="4" fill="#94a3b8"/>
<path d="M370 300c90 0 60 120 160 110" fill="none" stroke="#f8fafc" stroke-width="14" stroke-linecap="round"/>
<path d="M370 300c90 0 60 120 160 110" fill="none" stroke="#cbd5e1" stroke-width="4" stroke-linecap="round" stroke-dasharray="1 0"/>
${sticker(212, 185, 116, -4)}`,
    "Tagback sticker on a laptop charger",
  ),
};

function shareImage() {
  const stickerSvg = sticker(905, 165, 230, 6);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef7ff"/><stop offset="1" stop-color="#d9edff"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<circle cx="1080" cy="80" r="220" fill="#fff" opacity=".5"/>
<g transform="translate(80 90) scale(2.2)"><path d="M4 9.5 11 3h17a1 1 0 0 1 1 1v24a1 1 0 0 1-1 1H11l-7-6.5z" fill="#1d5fd1"/><circle cx="10" cy="16" r="2.2" fill="#fff"/><path d="M16 9h4v4h-4zM22 9h4v4h-4zM16 19h4v4h-4zM22 15h2v2h-2zM24 19h2v4h-2z" fill="#fff"/></g>
<text x="160" y="140" font-family="system-ui,sans-serif" font-weight="900" font-size="48" fill="#1a4fae">Tagback</text>
<text x="80" y="270" font-family="system-ui,sans-serif" font-weight="900" font-size="64" fill="#0f2a5c">Lost it?</text>
<text x="80" y="350" font-family="system-ui,sans-serif" font-weight="900" font-size="64" fill="#0f2a5c">Tagback brings it home.</text>
<text x="80" y="430" font-family="system-ui,sans-serif" font-size="30" fill="#334155">QR stickers for metro cards, laptops, keys and bags.</text>
<text x="80" y="475" font-family="system-ui,sans-serif" font-size="30" fill="#334155">Finders scan with any phone camera. No app needed.</text>
<rect x="80" y="520" width="300" height="64" rx="32" fill="#1d5fd1"/>
<text x="230" y="562" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" font-size="28" fill="#fff">₹179 a sticker</text>
${stickerSvg}
</svg>
`;
}

fs.mkdirSync(path.join(OUT, "stickers"), { recursive: true });
for (const [name, svg] of Object.entries(SCENES)) fs.writeFileSync(path.join(OUT, "stickers", `${name}.svg`), svg);
const share = shareImage();
fs.writeFileSync(path.join(OUT, "share.svg"), share);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(`<style>body{margin:0}</style>${share}`);
await page.screenshot({ path: path.join(OUT, "share.jpg"), type: "jpeg", quality: 85 });
await browser.close();
console.log(`wrote ${Object.keys(SCENES).length} sticker pictures and the share image to ${OUT}`);
