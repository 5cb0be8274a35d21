// Times shown to people are India time (IST) and dates en-IN, whatever the server's time zone, and
// formatted on the server so a page reads the same with or without JavaScript.
const INDIA = "Asia/Kolkata";

const timeFormat = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA, hour: "2-digit", minute: "2-digit", hour12: true });
const dateFormat = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA, day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: INDIA,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
});

/** "03:45 pm IST" */
export function istTime(date: Date): string {
  return `${timeFormat.format(date)} IST`;
}

/** "23/11/2026" */
export function inDate(date: Date): string {
  return dateFormat.format(date);
}

/** "23/11/2026, 03:45:12 pm IST" */
export function istDateTime(date: Date): string {
  return `${dateTimeFormat.format(date)} IST`;
}
