// View mode of /profile: the photo, the name and every field of the profile form, read-only.
import type { Route } from "./+types/route";
import { UNLOCK_DIGIT_COUNT } from "~/features/finder/rules";
import { useT } from "~/i18n/use-t";

type PageProfile = Route.ComponentProps["loaderData"]["profile"];

function Row({ label, value }: { label: string; value: string | null }) {
  const { t } = useT();
  return (
    // A label column of 10rem beside the value; when both do not fit (large text on a phone), the
    // value goes under its label rather than into a column of no width.
    <div className="flex flex-wrap gap-x-3 gap-y-0.5 border-b border-slate-100 py-2 text-sm">
      <dt className="w-40 max-w-full font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 flex-1 basis-24 break-words text-slate-900">{value || <span className="text-slate-500">{t("profilePage.notSet")}</span>}</dd>
    </div>
  );
}

export function ProfileView({ profile }: { profile: PageProfile }) {
  const { t } = useT();
  const onOff = (on: boolean) => t(on ? "profilePage.on" : "profilePage.off");
  return (
    <div className="mt-6" data-testid="profile-view">
      <div className="flex items-center gap-4">
        <img
          src={profile.avatarUrl}
          alt=""
          width={64}
          height={64}
          referrerPolicy="no-referrer"
          className="h-16 w-16 rounded-full border border-slate-200 bg-slate-100 object-cover"
          {...(profile.hasPhoto ? { "data-testid": "profile-photo" } : {})}
        />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{profile.fullName || t("profilePage.nameNotSet")}</p>
          {profile.xUsername ? <p className="text-sm text-slate-600">@{profile.xUsername}</p> : null}
        </div>
      </div>
      <dl className="mt-4">
        <Row label={t("profilePage.bio")} value={profile.bio} />
        <Row label={t("profilePage.mobile")} value={profile.mobileNumber} />
        <Row label={t("profilePage.metroCard")} value={profile.metroCardNumber} />
        <Row label={t("profilePage.sms")} value={profile.socialSms} />
        <Row label={t("profilePage.callRow")} value={profile.socialCall} />
        <Row label={t("profilePage.telegram")} value={profile.socialTelegram} />
        <Row label={t("profilePage.whatsappRow")} value={profile.socialWhatsapp} />
        <Row label={t("profilePage.mobileForSocials")} value={onOff(profile.useMobileForSocials)} />
        <Row label={t("profilePage.maskBio")} value={profile.maskBio ? t("profilePage.maskOn", { count: UNLOCK_DIGIT_COUNT }) : onOff(false)} />
        <Row label={t("profilePage.contactButtons")} value={t(profile.useSocialIcons ? "profilePage.shown" : "profilePage.hidden")} />
      </dl>
    </div>
  );
}
