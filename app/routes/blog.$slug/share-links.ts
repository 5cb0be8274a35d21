// 'Share this blog' links (spec 001 §2): the page URL and '{title} - Read on the Tagback Blog'.
export type ShareLink = { network: string; label: string; href: string };

export function shareText(title: string) {
  return `${title} - Read on the Tagback Blog`;
}

export function shareLinks(pageUrl: string, title: string): ShareLink[] {
  const url = encodeURIComponent(pageUrl);
  const text = encodeURIComponent(shareText(title));
  return [
    { network: "x", label: "X", href: `https://x.com/intent/post?text=${text}&url=${url}` },
    { network: "whatsapp", label: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${shareText(title)} ${pageUrl}`)}` },
    { network: "telegram", label: "Telegram", href: `https://t.me/share/url?url=${url}&text=${text}` },
    { network: "linkedin", label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { network: "facebook", label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
  ];
}
