// The finder search block shared by /, /about and /findowner: the form, the page alert (unknown
// URL type, rate limit) and, when the URL holds a search, the owner dialog.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { OwnerDialog } from "~/features/finder/owner-dialog";
import { SearchForm } from "~/features/finder/search-form";
import type { FinderActionData, FinderLoaderData } from "~/features/finder/finder";
import { useLanguageHref } from "~/i18n/use-t";

type FinderSearchProps = {
  data: FinderLoaderData;
  actionData: FinderActionData | undefined;
  /** Where closing the dialog goes: this page without the search. */
  closeHref: string;
};

/** The dialog first in the document, so the profile is early in the HTML (first 14 KB). */
export function FinderDialog({ data, actionData, closeHref }: FinderSearchProps) {
  // A result asked for in the URL's language (`?hl=`) closes onto the page in that language.
  const languageHref = useLanguageHref();
  const search = data.search;
  if (!search) return null;
  const unlock = actionData?.unlock;
  const profile = unlock?.ok ? unlock.profile : search.profile;
  return (
    <OwnerDialog
      profile={profile}
      tweet={search.tweet}
      query={search.query}
      visit={search.visit}
      demoUnmasked={search.demoUnmasked}
      closeHref={languageHref(closeHref)}
      unlockMessage={unlock && !unlock.ok ? unlock.message : null}
      unlockOffer={search.unlock}
      lost={search.lost}
      sharedContacts={unlock?.ok ? unlock.sharedContacts : null}
    />
  );
}

function FinderAlert({ data }: { data: FinderLoaderData }) {
  if (!data.alert) return null;
  return <FormAlert title={data.alert.title} description={data.alert.description} data-testid="search-alert" />;
}

/** The form and the alert; `action` is the page's own path. */
export function FinderForm({ data, action }: { data: FinderLoaderData; action: string }) {
  const location = useLocation();
  // With JavaScript a URL search brings the search box into view behind the dialog.
  useEffect(() => {
    if (data.search || data.alert || data.lastResult) {
      document.getElementById("owner-search")?.scrollIntoView({ block: "center" });
    }
  }, [data]);
  return (
    <div className="space-y-3">
      <FinderAlert data={data} />
      <SearchForm
        key={location.search}
        action={action}
        defaultType={data.form.type}
        defaultNumber={data.form.number}
        lastResult={data.lastResult}
      />
    </div>
  );
}
