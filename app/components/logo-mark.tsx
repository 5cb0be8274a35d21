// Tagback's mark: a luggage tag with a QR corner, drawn inline (no image request).
import { BRAND_BLUE, BRAND_MARK } from "~/core/brand-mark";

export function LogoMark({ className = "h-7 w-7" }: { className?: string }) {
  const { size, tag, hole, modules } = BRAND_MARK;
  return (
    <svg aria-hidden="true" viewBox={`0 0 ${size} ${size}`} className={`shrink-0 ${className}`}>
      <path d={tag} fill={BRAND_BLUE} />
      <circle cx={hole.cx} cy={hole.cy} r={hole.r} fill="#fff" />
      <path d={modules} fill="#fff" />
    </svg>
  );
}
