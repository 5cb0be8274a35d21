// Dates of posts, in India time and en-IN, formatted on the server so pages read the same with or
// without JavaScript.
const postDate = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "long", year: "numeric" });

/** "2 May 2025"; an empty string for a missing or broken date. */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : postDate.format(date);
}
