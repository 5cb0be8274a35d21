// Rules of the finder search (spec 000 §5, §9; DESIGN §7).

/** Searches per minute from one client (an IPv4 address or an IPv6 /64). */
export const SEARCHES_PER_MINUTE = 10;
/** How many digits unlock a masked bio. */
export const UNLOCK_DIGIT_COUNT = 4;
