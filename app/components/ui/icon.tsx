// Line icons: one SVG path on a 24×24 grid, drawn with the text colour. Decorative (aria-hidden),
// so whatever holds an icon alone needs its own label (aria-label on the link or button).

/** The icons the app draws, by name. A screen that needs a one-off can pass `path` instead. */
const ICONS = {
  menu: "M4 6h16M4 12h16M4 18h16",
  "menu-short": "M4 6h16M4 12h16M4 18h10",
  close: "M6 6l12 12M18 6L6 18",
  "chevron-left": "M15 6l-6 6 6 6",
  "chevron-right": "M9 6l6 6-6 6",
  /** A three-quarter circle; give it `animate-spin`. */
  spinner: "M12 3a9 9 0 1 0 9 9",
  profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0",
  token: "M4 7h16v10H4zM8 11h.01M12 11h4",
  lost: "M12 3l9 4-9 4-9-4zm-9 9l9 4 9-4",
  found: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm10 17l-5-5",
  messages: "M4 5h16v11H8l-4 4z",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8-3l2-1-2-4-2 1-2-1V5h-4v2l-2 1-2-1-2 4 2 1v2l-2 1 2 4 2-1 2 1v2h4v-2l2-1 2 1 2-4-2-1z",
  sticker: "M6 2h9l5 5v15H6zM14 2v6h6",
  logout: "M15 17l5-5-5-5M20 12H9M12 21H5V3h7",
  /** A globe: the language menu. */
  language: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3.5 9h17M3.5 15h17M12 3c-2.4 2.6-3.5 5.6-3.5 9s1.1 6.4 3.5 9c2.4-2.6 3.5-5.6 3.5-9S14.4 5.6 12 3",
  admin: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM10 12a2 2 0 1 0 4 0 2 2 0 0 0-4 0m4.5 1.5L17 16",
} as const;

export type IconName = keyof typeof ICONS;

type IconProps = ({ name: IconName; path?: never } | { path: string; name?: never }) & {
  /** Size and colour utilities; the default is `h-5 w-5`. */
  className?: string;
  strokeWidth?: number;
};

export function Icon({ name, path, className = "h-5 w-5", strokeWidth = 2 }: IconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={name ? ICONS[name] : path} />
    </svg>
  );
}
