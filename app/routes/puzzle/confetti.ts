// Confetti for a solved puzzle: 30 pieces falling for 3 seconds, none when the visitor asked for
// reduced motion. A few lines of inline script (with the CSP nonce) instead of a package and a
// hydrated page; positions and colours go through the CSSOM and the Web Animations API, which
// the CSP's style-src 'self' allows (inline style attributes it would block).
import { CONFETTI_MS, CONFETTI_PIECES } from "~/features/puzzle/rules";

const COLOURS = ["#1d5fd1", "#f5c542", "#15803d", "#e11d48", "#7e22ce"];

export const confettiScript = `(() => {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const box = document.createElement("div");
  box.className = "pointer-events-none fixed inset-0 z-[60] overflow-hidden";
  box.setAttribute("aria-hidden", "true");
  box.setAttribute("data-confetti", "");
  const colours = ${JSON.stringify(COLOURS)};
  for (let i = 0; i < ${CONFETTI_PIECES}; i++) {
    const piece = document.createElement("span");
    piece.className = "absolute -top-4 block h-3 w-2 rounded-sm";
    piece.style.left = Math.random() * 100 + "%";
    piece.style.backgroundColor = colours[i % colours.length];
    box.appendChild(piece);
    const drift = (Math.random() - 0.5) * 240;
    piece.animate(
      [{ transform: "translate(0, 0) rotate(0deg)" }, { transform: "translate(" + drift + "px, 105vh) rotate(" + Math.random() * 720 + "deg)" }],
      { duration: ${CONFETTI_MS} * (0.7 + Math.random() * 0.3), delay: Math.random() * 300, easing: "ease-in", fill: "forwards" },
    );
  }
  document.body.appendChild(box);
  setTimeout(() => box.remove(), ${CONFETTI_MS});
})();`;
