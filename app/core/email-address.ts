// An e-mail address as Tagback takes it, on every form and server path that takes one (sign-in
// codes, developer-mode accounts, the backup e-mail, the account deletion's confirmation, the
// finder's contact field, the operator CLI), and the mailbox it delivers to, for limits that count
// mails. Plain TypeScript, no feature, no zod: the catalogues (app/i18n) import its numbers, and a
// zod import here would put zod in every page's messages chunk; the schema is email-address-schema.ts.
//
// The length is SMTP's (RFC 5321 §4.5.3.1): at most 64 octets before the @ and 254 in all, or no
// mail server takes the address. Checked before anything else reads the text, so a 99 KB "address"
// never reaches the e-mail pattern, the outbox (a row SMTP refuses and the loop retries for a day)
// or a Location header.

/** The longest address SMTP carries (a 256-octet path, less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** The longest local part (before the last @). */
export const EMAIL_LOCAL_MAX_LENGTH = 64;

/** Longer than an address can be, in all or before the @ (the text as it will be used: trimmed). */
export function isEmailTooLong(address: string): boolean {
  const at = address.lastIndexOf("@");
  return address.length > EMAIL_MAX_LENGTH || (at === -1 ? address.length : at) > EMAIL_LOCAL_MAX_LENGTH;
}

/**
 * The mailbox an address delivers to, for counting the mails sent to it (never for sending, nor for
 * finding an account: mail goes to the address as typed, and two addresses stay two accounts).
 * Lower-cased and trimmed, without a "+tag" (Gmail, Outlook, iCloud and most others deliver every
 * subaddress to the same box), and for Gmail without the dots of the local part (Gmail ignores
 * them; googlemail.com is gmail.com). Otherwise one inbox could be flooded through endless
 * spellings of its address; merging too much only makes two people whose addresses differ by a
 * +tag share a small count.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  let local = address.slice(0, at).split("+")[0]!;
  let domain = address.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/**
 * An address shown to whoever holds a link to it, not to its owner only: the first character of
 * the local part and "…", then the domain ("a…@example.com"). Enough to tell one's own account
 * from a stranger's, not enough to read the address off the page.
 */
export function maskEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return "…";
  return `${Array.from(address.slice(0, at))[0]}…${address.slice(at)}`;
}
