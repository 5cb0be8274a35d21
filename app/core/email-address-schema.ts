// The schema of a typed e-mail address, for every form that takes one (core/email-address.ts has
// the rule and why). Apart from email-address.ts so that what imports only the numbers (the
// message catalogues, in every page's bundle) does not bring zod along.
import { z } from "zod";
import { isEmailTooLong } from "./email-address";

/**
 * A typed address: trimmed, then `tooLong` when it is longer than an address can be, else
 * `invalid` when it is not an address. The messages are the caller's (message keys).
 */
export function emailAddressSchema(messages: { invalid: string; tooLong: string }) {
  return z
    .string({ error: messages.invalid })
    .trim()
    .refine((text) => !isEmailTooLong(text), { error: messages.tooLong })
    .pipe(z.email(messages.invalid));
}
