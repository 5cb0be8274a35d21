// View mode of /profile: the photo, the name and every field of the profile form, read-only.
import type { Route } from "./+types/route";
import { UNLOCK_DIGIT_COUNT } from "~/features/finder/rules";

type PageProfile = Route.ComponentProps["loaderData"]["profile"];

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid grid-cols-[minmax(0,10rem)_1fr] gap-3 border-b border-slate-100 py-2 text-sm">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{value || <span className="text-slate-500">Not set</span>}</dd>
    </div>
  );
}

export function ProfileView({ profile }: { profile: PageProfile }) {
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
          <p className="truncate text-lg font-semibold">{profile.fullName || "Your name is not set yet"}</p>
          {profile.xUsername ? <p className="text-sm text-slate-600">@{profile.xUsername}</p> : null}
        </div>
      </div>
      <dl className="mt-4">
        <Row label="Bio" value={profile.bio} />
        <Row label="Mobile number" value={profile.mobileNumber} />
        <Row label="Metro card number" value={profile.metroCardNumber} />
        <Row label="Emergency number (SMS)" value={profile.socialSms} />
        <Row label="Call" value={profile.socialCall} />
        <Row label="Telegram" value={profile.socialTelegram} />
        <Row label="WhatsApp" value={profile.socialWhatsapp} />
        <Row label="Mobile number for all socials" value={profile.useMobileForSocials ? "On" : "Off"} />
        <Row label="Mask bio" value={profile.maskBio ? `On: finders enter ${UNLOCK_DIGIT_COUNT} digits of your token to read it` : "Off"} />
        <Row label="Contact buttons for finders" value={profile.useSocialIcons ? "Shown" : "Hidden"} />
      </dl>
    </div>
  );
}
