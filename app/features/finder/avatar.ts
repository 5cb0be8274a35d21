// The avatar shown when an owner has no photo: a symmetric 5x5 pattern and a colour derived from
// the user id (spec 000 §3), drawn here as a small SVG data: URI. No third-party avatar service.

/** FNV-1a, 32 bit: a stable spread of the id's characters. */
function hash(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function avatarSvg(id: string): string {
  const h1 = hash(id);
  const h2 = hash(id, h1 ^ 0x9e3779b9);
  const hue = h1 % 360;
  const colour = `hsl(${hue} 55% 45%)`;
  const background = `hsl(${hue} 60% 94%)`;
  const cells: string[] = [];
  // 15 bits decide the left three columns; the right two mirror them.
  for (let row = 0; row < 5; row += 1) {
    for (let col = 0; col < 3; col += 1) {
      if ((h2 >>> (row * 3 + col)) & 1) {
        cells.push(`M${col + 1} ${row + 1}h1v1h-1z`);
        if (col < 2) cells.push(`M${5 - col} ${row + 1}h1v1h-1z`);
      }
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" shape-rendering="crispEdges">` +
    `<rect width="7" height="7" fill="${background}"/><path fill="${colour}" d="${cells.join("")}"/></svg>`
  );
}

export function avatarDataUri(id: string): string {
  return `data:image/svg+xml,${encodeURIComponent(avatarSvg(id))}`;
}
