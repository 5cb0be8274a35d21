// /profile (spec 001 §2 "Profile", §4, §5): view mode, edit mode (?edit=1), the preview of the
// public profile (?preview=1, a server-rendered dialog) and the search history. This module loads,
// saves and lays the page out; the parts are ./profile-view, ./profile-form, ./history, ./preview.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/route";
import { HISTORY_MOST, historyRowsAsked, SearchHistory } from "./history";
import { PreviewDialog } from "./preview";
import { ProfileForm } from "./profile-form";
import { ProfileView } from "./profile-view";
import { Icon } from "~/components/ui/icon";
import { dbContext } from "~/core/context";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { redirectWithToast } from "~/core/toast.server";
import { requireUser } from "~/features/account/guards.server";
import { avatarDataUri } from "~/features/finder/avatar";
import { listSearchHistory } from "~/features/finder/search-history.server";
import { serverProfileSchema } from "~/features/owner/profile-schema";
import { getOwnProfile, metroCardHeldByOther, previewOwnProfile, updateOwnProfile, type OwnProfile } from "~/features/owner/profiles.server";
import { messageIn, type Locale } from "~/i18n/messages";
import { metaT, useT } from "~/i18n/use-t";
import { localeContext } from "~/middleware/i18n";
import { inDate, indiaClock } from "~/core/india-time";
import type { loader as appLoader } from "~/routes/_app";
import type { Db } from "../../../db/connection";
import { ButtonLink } from "~/components/ui/button";
import type { RouteHandle } from "~/core/route-handle";
import { languageSwitchOf } from "~/features/account/language-draft.server";
import { profileSchema } from "~/features/owner/profile-schema";


// The language switch sends the edit form with what was typed (RouteHandle.draftForm; issue 48).
export const handle: RouteHandle = { draftForm: "profile-form" };
export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches).t("profilePage.metaTitle") }];

/** What the page shows of the owner's row: every field of the form, the photo and the search count. */
function pageProfile(profile: OwnProfile | null, userId: string) {
  return {
    fullName: [profile?.firstName, profile?.lastName].filter(Boolean).join(" "),
    xUsername: profile?.xUsername ?? null,
    bio: profile?.bio ?? null,
    mobileNumber: profile?.mobileNumber ?? null,
    metroCardNumber: profile?.metroCardNumber ?? null,
    socialSms: profile?.socialSms ?? null,
    socialCall: profile?.socialCall ?? null,
    socialTelegram: profile?.socialTelegram ?? null,
    socialWhatsapp: profile?.socialWhatsapp ?? null,
    useMobileForSocials: profile?.useMobileForSocials ?? false,
    maskBio: profile?.maskBio ?? false,
    useSocialIcons: profile?.useSocialIcons ?? false,
    avatarUrl: profile?.photoUrl || avatarDataUri(userId),
    hasPhoto: Boolean(profile?.photoUrl),
    totalSearches: profile?.totalSearches ?? 0,
    botSearches: profile?.botSearches ?? 0,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = requireUser({ request, context }).id;
  const db = context.get(dbContext);
  const url = new URL(request.url);
  const previewOpen = url.searchParams.get("preview") === "1";
  const rows = historyRowsAsked(url);
  const [profile, history, preview] = await Promise.all([
    getOwnProfile(db, userId),
    // One more than shown: whether there is more to show.
    listSearchHistory(db, userId, rows + 1),
    previewOpen ? previewOwnProfile(db, userId) : Promise.resolve(null),
  ]);
  const locale = context.get(localeContext);
  return {
    profile: pageProfile(profile, userId),
    editing: url.searchParams.get("edit") === "1",
    previewOpen,
    preview,
    // English keeps "04:26 pm IST"; another language says the time its own way (the note above the list names the zone).
    history: history.slice(0, rows).map((entry) =>
      locale === "en" ? entry : { ...entry, time: indiaClock(new Date(entry.at), locale), date: inDate(new Date(entry.at), locale) },
    ),
    moreHistory: history.length > rows && rows < HISTORY_MOST,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = requireUser({ request, context }).id;
  const db = context.get(dbContext);
  const formData = await readForm(request);
  // A language chosen while editing: nothing is saved, and the form comes back as it was typed
  // (conform's `initialValue`), without the errors a check would add, in the new language.
  const switched = await languageSwitchOf(context, userId, formData);
  if (switched) {
    const { initialValue } = parseWithZod(formData, { schema: profileSchema }).reply();
    return data({ intent: "update-profile" as const, result: { initialValue }, error: null }, { headers: switched });
  }
  switch (formData.get("intent")) {
    case "update-profile":
      return updateProfile(db, userId, formData, context.get(localeContext));
    default:
      return unknownIntent();
  }
}

/**
 * The edit form's save: 400 with the field errors (message keys) when a rule refuses it, 409 when
 * the metro card was taken between the check and the write (nothing changes either way), else
 * back to the view with 'Profile updated'.
 */
async function updateProfile(db: Db, userId: string, formData: FormData, locale: Locale) {
  const schema = serverProfileSchema((metroCardNumber) => metroCardHeldByOther(db, userId, metroCardNumber));
  const submission = await parseWithZod(formData, { schema, async: true });
  if (submission.status !== "success") {
    return data({ intent: "update-profile", result: submission.reply(), error: null }, { status: 400 });
  }
  const outcome = await updateOwnProfile(db, userId, submission.value);
  if (!outcome.ok) {
    const fieldErrors = { metroCardNumber: ["profile.metroCardTaken"] };
    return data({ intent: "update-profile", result: submission.reply({ fieldErrors }), error: null }, { status: 409 });
  }
  return redirectWithToast("/profile", { type: "success", ...messageIn(locale, "profile.updated") });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, editing } = loaderData;
  const admin = useRouteLoaderData<typeof appLoader>("routes/_app")?.isAdmin ?? false;
  const failedSave = actionData?.intent === "update-profile";
  const { t } = useT();
  return (
    <div className="max-w-3xl space-y-10">
      <section aria-labelledby="profile-title">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="profile-title" className="min-w-0 text-2xl font-bold">
            {t("profilePage.title")}
          </h1>
          {admin ? (
            <Link
              to="/admin/lookup"
              aria-label="Admin lookup"
              title="Admin lookup"
              data-testid="admin-lookup-link"
              className="rounded-lg p-2 text-brand-700 hover:bg-brand-50"
            >
              <Icon name="admin" />
            </Link>
          ) : null}
          <div className="ml-auto flex flex-wrap gap-2">
            <ButtonLink to="/profile?preview=1" preventScrollReset variant="outline" size="sm">
              {t("profilePage.preview")}
            </ButtonLink>
            {editing || failedSave ? null : (
              <ButtonLink to="/profile?edit=1" size="sm">
                {t("profilePage.edit")}
              </ButtonLink>
            )}
          </div>
        </div>
        {editing || failedSave ? <ProfileForm profile={profile} lastResult={failedSave ? actionData.result : undefined} /> : <ProfileView profile={profile} />}
      </section>

      <SearchHistory history={loaderData.history} more={loaderData.moreHistory} totalSearches={profile.totalSearches} botSearches={profile.botSearches} />

      {loaderData.previewOpen ? <PreviewDialog preview={loaderData.preview} /> : null}
    </div>
  );
}
