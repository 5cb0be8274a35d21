// 'I found this — message the owner' on the owner-found view: a link (works without JavaScript)
// to the form for this item, carrying the signed ticket of the visit the scan logged.
import { ButtonLink } from "~/components/ui/button";
import type { SearchQuery } from "~/features/finder/search-input";
import { useT } from "~/i18n/use-t";
import { contactOwnerHref } from "./links";

export function FoundThisButton({ query, visit }: { query: SearchQuery; visit: string | null }) {
  const { t } = useT();
  return (
    <div className="text-center">
      <ButtonLink to={contactOwnerHref(query, visit)} size="xl" className="w-full" data-testid="found-this">
        {t("contact.button")}
      </ButtonLink>
      <p className="mt-1 text-xs text-slate-600">{t("contact.buttonHelp")}</p>
    </div>
  );
}
