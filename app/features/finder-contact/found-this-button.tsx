// 'I found this — message the owner' on the owner-found view: a link (works without JavaScript)
// to the form for this item. The visit the scan logged travels in the finder's cookie
// (features/finder/location-ticket.server.ts), so the link is the same for every finder.
import { ButtonLink } from "~/components/ui/button";
import type { SearchQuery } from "~/features/finder/search-input";
import { useT } from "~/i18n/use-t";
import { contactOwnerHref } from "./links";

export function FoundThisButton({ query }: { query: SearchQuery }) {
  const { t } = useT();
  return (
    <div className="text-center">
      <ButtonLink to={contactOwnerHref(query)} size="xl" className="w-full text-balance" data-testid="found-this">
        {t("contact.button")}
      </ButtonLink>
      <p className="mt-1 text-xs text-slate-600">{t("contact.buttonHelp")}</p>
    </div>
  );
}
