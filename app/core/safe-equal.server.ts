import { timingSafeEqual } from "node:crypto";

/** Constant-time comparison of two secrets of possibly different lengths. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    // Compare anyway so the time taken does not reveal the length difference early.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
