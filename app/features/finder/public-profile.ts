// What anyone may see of an owner: the finder's dialog and the owner's own preview both render
// this shape. It has no e-mail and no mobile number fields at all, so neither can be sent by
// mistake; contact links exist only when the owner enabled social icons.
import type { ContactLink } from "~/features/finder/contact-links";

export type PublicProfile = {
  /** "not-found" and "not-activated" carry no owner data at all (owner-search.server.ts). */
  kind: "owner" | "demo" | "not-found" | "not-activated";
  fullName: string;
  xUsername: string | null;
  /** The owner's photo, or an avatar generated from the user id. */
  avatarUrl: string;
  /** Null when there is none, or while it is masked. */
  bio: string | null;
  /** The owner masks the bio and this response has not unlocked it. */
  bioMasked: boolean;
  products: string[];
  contacts: ContactLink[];
};
