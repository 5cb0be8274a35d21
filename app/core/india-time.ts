// Times shown to people are India time (IST) and dates en-IN, whatever the server's time zone, and
// formatted on the server so a page reads the same with or without JavaScript. The finder's pages
// write a time as Intl does in the finder's language (Western digits: INTL_LOCALE).
import { INTL_LOCALE, type Locale } from "~/core/locale";

const INDIA = "Asia/Kolkata";

/** One formatter per language and kind, made on first use (making one costs ~0.1 ms). */
function formats(options: Intl.DateTimeFormatOptions): (locale: Locale) => Intl.DateTimeFormat {
  const made = new Map<Locale, Intl.DateTimeFormat>();
  return (locale) => {
    let format = made.get(locale);
    if (!format) made.set(locale, (format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: INDIA, ...options })));
    return format;
  };
}

const timeFormatIn = formats({ hour: "2-digit", minute: "2-digit", hour12: true });
const dateFormatIn = formats({ day: "2-digit", month: "2-digit", year: "numeric" });
const clockFormatIn = formats({ hour: "numeric", minute: "2-digit", dayPeriod: "short" });
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

/** "03:45 pm IST"; in another language as Intl writes it there ("03:45 PM IST" in Tamil). */
export function istTime(date: Date, locale: Locale = "en"): string {
  return `${timeFormatIn(locale).format(date)} IST`;
}


/** "23/11/2026"; in another language as Intl writes it there (Telugu "23-11-2026"). */
export function inDate(date: Date, locale: Locale = "en"): string {
  return (locale === "en" ? dateFormat : dateFormatIn(locale)).format(date);
}

/**
 * The time of day in India as a mail to an owner says it, without the zone (the catalogue names
 * it): "04:26 pm" in English; in the other languages with the language's own part of the day
 * ("शाम 4:26", "மாலை 4:26"), which is how people say a time there. Intl's "PM" for most of them
 * is the English abbreviation in Latin letters.
 */
export function indiaClock(date: Date, locale: Locale): string {
  return (locale === "en" ? timeFormatIn("en") : clockFormatIn(locale)).format(date);
}

/**
 * A time of day on a page, in India time: "03:45 pm IST" in English as before; in the other
 * languages as indiaClock says it ("शाम 3:45"), since Intl's "PM IST" would be English letters.
 */
export function indiaTime(date: Date, locale: Locale): string {
  return locale === "en" ? istTime(date) : indiaClock(date, locale);
}

/** "23/11/2026, 03:45:12 pm IST" */
export function istDateTime(date: Date): string {
  return `${dateTimeFormat.format(date)} IST`;
}

/**
 * A date and time on an owner's page: English as before ("23/11/2026, 03:45:12 pm IST"); another
 * language as its mails write it, the date then the time with its own part of the day ("23/11/2026,
 * शाम 4:26"), since Intl's "PM" and "IST" there would be English in Latin letters.
 */
export function istDateTimeIn(date: Date, locale: Locale): string {
  return locale === "en" ? istDateTime(date) : `${inDate(date, locale)}, ${indiaClock(date, locale)}`;
}
