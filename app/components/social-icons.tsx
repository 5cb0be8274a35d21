// Our own line drawings of the five networks Tagback is on (no icon font, no third-party file),
// on the same 24×24 grid as components/ui/icon. Decorative: the link that holds one names it.
export type SocialNetwork = "Instagram" | "X" | "WhatsApp" | "Facebook" | "Pinterest";

const PATHS: Record<SocialNetwork, string> = {
  Instagram: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01",
  X: "M4 4l16 16M20 4L4 20",
  WhatsApp: "M4 20l1.3-4A8.5 8.5 0 1 1 8.4 19zM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 1c-1.2-.5-2.5-1.8-3-3l1-1-1-2z",
  Facebook: "M14 21v-8h3l.5-3.5H14V7.5c0-1 .5-1.5 1.5-1.5H17.5V3H15c-3 0-4.5 1.8-4.5 4.5v2H8V13h2.5v8",
  Pinterest: "M12 3a9 9 0 0 0-3.3 17.4M10.5 21l2-8.5M9.8 13.7c.5 1.3 1.6 2 3 2 2.8 0 4.7-2.5 4.7-5.6C17.5 7 15 5 12 5 8.7 5 6.5 7.4 6.5 10.2c0 1 .3 2 1 2.6",
};

export function SocialIcon({ network, className = "h-5 w-5" }: { network: SocialNetwork; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[network]} />
    </svg>
  );
}
