// Public facts about the service that several pages show.
export const SOCIAL_LINKS = [
  { label: "Instagram", href: "https://www.instagram.com/tagback.app" },
  { label: "X", href: "https://x.com/tagbackapp" },
  { label: "WhatsApp", href: "https://wa.me/919000000000?text=Hi%20Tagback%2C%20I%20have%20a%20question" },
  { label: "Facebook", href: "https://www.facebook.com/tagback.app" },
  { label: "Pinterest", href: "https://www.pinterest.com/tagbackapp" },
] as const;

export const STICKER_PRICE_INR = 179;
