// Buttons and links that look like buttons. The classes are built by `buttonClasses`, so a
// component that renders its own element (a link with an onClick, a summary) can share the look.
// `className` is appended: use it for layout (margins, width, shrink), not to change colour,
// padding or corners — Tailwind does not let a later class win over an earlier one.
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

// Never wider than its box: at a large text size a long label wraps inside the button (centred),
// and a word longer than the whole button breaks, rather than widen the page (issue 48: a Tamil
// "உரிமையாளரைத்" at 200 % on a 320 px phone). `anywhere`, not the page's `break-word`: the label
// is a flex item, whose least width would otherwise be its longest word.
const BASE = "inline-flex max-w-full items-center justify-center gap-2 rounded-lg text-center [overflow-wrap:anywhere] disabled:opacity-60";

const VARIANTS = {
  /** The one main action of a screen or form. */
  primary: "bg-brand-600 font-semibold text-white hover:bg-brand-700",
  /** A second action beside a primary one. */
  outline: "border border-slate-300 bg-white font-semibold text-slate-800 hover:bg-slate-50",
  /** Destroys something (deleting the account). */
  danger: "bg-red-700 font-semibold text-white hover:bg-red-800",
  /** Leaves or undoes something, less loudly (logout). */
  "danger-outline": "border border-slate-300 bg-white font-semibold text-red-700 hover:bg-red-50",
  /** On an amber notice (unlocking a masked bio). */
  warning: "bg-amber-700 font-semibold text-white hover:bg-amber-800",
  /** No box until hovered (header links). */
  ghost: "font-medium text-slate-700 hover:bg-slate-100",
} as const;

const SIZES = {
  sm: "px-3 py-2 text-sm",
  md: "px-4 py-2",
  lg: "px-5 py-2.5",
  xl: "px-5 py-3",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export type ButtonStyleProps = {
  /** Default `primary`. */
  variant?: ButtonVariant;
  /** Default `md`. */
  size?: ButtonSize;
  /** Layout classes added after the button's own. */
  className?: string;
};

export function buttonClasses({ variant = "primary", size = "md", className }: ButtonStyleProps = {}) {
  return [BASE, VARIANTS[variant], SIZES[size], className].filter(Boolean).join(" ");
}

type ButtonProps = ButtonStyleProps & ButtonHTMLAttributes<HTMLButtonElement>;

/** A `<button>`. Its `type` is whatever you pass (HTML's default is "submit"). */
export function Button({ variant, size, className, ...props }: ButtonProps) {
  return <button {...props} className={buttonClasses({ variant, size, className })} />;
}

type ButtonLinkProps = ButtonStyleProps &
  ((Omit<LinkProps, "className"> & { href?: never }) | (Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "className"> & { href: string; to?: never }));

/**
 * A link styled as a button: `to` renders React Router's `<Link>` (client navigation with
 * JavaScript), `href` a plain `<a>` (external pages, same-page anchors, a full page load).
 */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  const classes = buttonClasses({ variant, size, className });
  if ("to" in props && props.to !== undefined) return <Link {...(props as LinkProps)} className={classes} />;
  return <a {...(props as AnchorHTMLAttributes<HTMLAnchorElement>)} className={classes} />;
}
