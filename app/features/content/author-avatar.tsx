import type { ContentImage } from "./types";

/** An author's photo, or their initials in a circle when there is none. */
export function AuthorAvatar({ name, avatar, size = "sm" }: { name: string; avatar: ContentImage | null; size?: "sm" | "lg" }) {
  const box = size === "lg" ? "h-20 w-20 text-2xl" : "h-8 w-8 text-xs";
  if (avatar) {
    // A card's small avatar loads lazily like the card's picture (and so is not preloaded in <head>
    // ahead of the stylesheet); a post's large one is at the top of its page.
    return (
      <img
        src={avatar.url}
        alt=""
        width={size === "lg" ? 80 : 32}
        height={size === "lg" ? 80 : 32}
        loading={size === "sm" ? "lazy" : undefined}
        className={`${box} shrink-0 rounded-full bg-slate-100 object-cover`}
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
  return (
    <span aria-hidden="true" className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900`}>
      {initials}
    </span>
  );
}
