// /profile (spec 001 §2 "Profile", §4, §5): view mode, edit mode (?edit=1), the preview of the
// public profile (?preview=1, a server-rendered dialog) and the search history.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigate, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/route";
import { CheckboxField, TextArea } from "~/routes/_app.profile/controls";
import { Icon } from "~/features/owner/app-nav";
import { PublicProfileView } from "~/features/finder/public-profile-view";
import { Field, FormAlert } from "~/components/ui/field";
import { requireUser } from "~/features/account/guards.server";
import { dbContext } from "~/core/context";
import type { loader as appLoader } from "~/routes/_app";
import { avatarDataUri } from "~/features/finder/avatar";
import { PROFILE_LIMITS, PROFILE_MESSAGES, profileAlert, profileSchema, serverProfileSchema } from "~/features/owner/profile-schema";
import { getOwnProfile, metroCardHeldByOther, previewOwnProfile, updateOwnProfile } from "~/features/owner/profiles.server";
import { readForm, unknownIntent } from "~/core/read-form.server";
import { listSearchHistory } from "~/features/finder/search-history.server";
import { redirectWithToast } from "~/core/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Profile | Tagback" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = requireUser({ request, context }).id;
  const db = context.get(dbContext);
  const url = new URL(request.url);
  const previewOpen = url.searchParams.get("preview") === "1";
  const [profile, history, preview] = await Promise.all([
    getOwnProfile(db, userId),
    listSearchHistory(db, userId),
    previewOpen ? previewOwnProfile(db, userId) : Promise.resolve(null),
  ]);
  return {
    profile: {
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
    },
    editing: url.searchParams.get("edit") === "1",
    previewOpen,
    preview,
    history,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = requireUser({ request, context }).id;
  const db = context.get(dbContext);
  const formData = await readForm(request);
  if (formData.get("intent") !== "update-profile") return unknownIntent();

  const schema = serverProfileSchema((metroCardNumber) => metroCardHeldByOther(db, userId, metroCardNumber));
  const submission = await parseWithZod(formData, { schema, async: true });
  if (submission.status !== "success") {
    return data({ intent: "update-profile", result: submission.reply(), error: null }, { status: 400 });
  }
  const outcome = await updateOwnProfile(db, userId, submission.value);
  if (!outcome.ok) {
    // Taken between the check and the write: refused the same way, nothing changed.
    return data(
      {
        intent: "update-profile",
        result: submission.reply({ fieldErrors: { metroCardNumber: [PROFILE_MESSAGES.metroTaken.description] } }),
        error: null,
      },
      { status: 409 },
    );
  }
  return redirectWithToast("/profile", { type: "success", title: PROFILE_MESSAGES.updated.title });
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, editing } = loaderData;
  const admin = useRouteLoaderData<typeof appLoader>("routes/_app")?.isAdmin ?? false;
  const failedSave = actionData?.intent === "update-profile";
  return (
    <div className="max-w-3xl space-y-10">
      <section aria-labelledby="profile-title">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="profile-title" className="text-2xl font-bold">
            Profile
          </h1>
          {admin ? (
            <Link
              to="/admin/lookup"
              aria-label="Admin lookup"
              title="Admin lookup"
              data-testid="admin-lookup-link"
              className="rounded-lg p-2 text-brand-700 hover:bg-brand-50"
            >
              <Icon path="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM10 12a2 2 0 1 0 4 0 2 2 0 0 0-4 0m4.5 1.5L17 16" />
            </Link>
          ) : null}
          <div className="ml-auto flex gap-2">
            <Link to="/profile?preview=1" preventScrollReset className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              Preview
            </Link>
            {editing || failedSave ? null : (
              <Link to="/profile?edit=1" className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                Edit Profile
              </Link>
            )}
          </div>
        </div>
        {editing || failedSave ? <ProfileForm profile={profile} lastResult={failedSave ? actionData.result : undefined} /> : <ProfileView profile={profile} />}
      </section>

      <SearchHistory history={loaderData.history} totalSearches={profile.totalSearches} />

      {loaderData.previewOpen ? <PreviewDialog preview={loaderData.preview} /> : null}
    </div>
  );
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid grid-cols-[minmax(0,10rem)_1fr] gap-3 border-b border-slate-100 py-2 text-sm">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{value || <span className="text-slate-500">Not set</span>}</dd>
    </div>
  );
}

function ProfileView({ profile }: { profile: LoaderData["profile"] }) {
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
        <Row label="Mask bio" value={profile.maskBio ? "On: finders enter 4 digits of your token to read it" : "Off"} />
        <Row label="Contact buttons for finders" value={profile.useSocialIcons ? "Shown" : "Hidden"} />
      </dl>
    </div>
  );
}

const SOCIAL_FIELDS = ["socialSms", "socialCall", "socialTelegram", "socialWhatsapp"] as const;

function ProfileForm({ profile, lastResult }: { profile: LoaderData["profile"]; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile";
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult,
    defaultValue: {
      fullName: profile.fullName,
      xUsername: profile.xUsername ?? "",
      bio: profile.bio ?? "",
      mobileNumber: profile.mobileNumber ?? "",
      metroCardNumber: profile.metroCardNumber ?? "",
      socialSms: profile.socialSms ?? "",
      socialCall: profile.socialCall ?? "",
      socialTelegram: profile.socialTelegram ?? "",
      socialWhatsapp: profile.socialWhatsapp ?? "",
      useMobileForSocials: profile.useMobileForSocials ? "on" : undefined,
      maskBio: profile.maskBio ? "on" : undefined,
      useSocialIcons: profile.useSocialIcons ? "on" : undefined,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [useMobile, setUseMobile] = useState(profile.useMobileForSocials);
  // A failed save without JavaScript comes back with the switch as it was posted.
  useEffect(() => {
    const input = formRef.current?.elements.namedItem("useMobileForSocials");
    if (input instanceof HTMLInputElement) setUseMobile(input.checked);
  }, [lastResult]);

  /** The switch copies the mobile number into the four social fields, now and on later edits. */
  function copyMobile(on: boolean) {
    const elements = formRef.current?.elements;
    const mobile = elements?.namedItem("mobileNumber");
    if (!on || !(mobile instanceof HTMLInputElement)) return;
    for (const name of SOCIAL_FIELDS) {
      const input = elements?.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = mobile.value.replace(/[\s-]/g, "");
    }
  }

  const allErrors = [...(form.errors ?? []), ...Object.values(form.allErrors).flat()];
  const alert = profileAlert([...new Set(allErrors)]);
  const phone = { inputMode: "numeric" as const, autoComplete: "off" };
  const social = (name: (typeof SOCIAL_FIELDS)[number]) => ({
    ...getInputProps(fields[name], { type: "text" }),
    readOnly: useMobile,
    ...(name === "socialTelegram" ? { maxLength: PROFILE_LIMITS.telegram } : { ...phone, maxLength: PROFILE_LIMITS.phone }),
  });

  return (
    <Form method="post" action="/profile?edit=1" ref={formRef} {...getFormProps(form)} className="mt-6 space-y-5" aria-labelledby="profile-title">
      {alert ? <FormAlert title={alert.title} description={alert.description} /> : null}
      <Field
        label="Full Name"
        errors={fields.fullName.errors}
        errorId={fields.fullName.errorId}
        hint="Letters, digits, @, _ and spaces. The first word is your first name."
        inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), maxLength: PROFILE_LIMITS.fullName, autoComplete: "name" }}
      />
      <Field
        label="X username"
        errors={fields.xUsername.errors}
        errorId={fields.xUsername.errorId}
        hint="Letters, digits and underscores, up to 16."
        inputProps={{ ...getInputProps(fields.xUsername, { type: "text" }), maxLength: PROFILE_LIMITS.xUsername + 1, autoComplete: "off" }}
      />
      <TextArea
        label="Bio"
        errors={fields.bio.errors}
        errorId={fields.bio.errorId}
        hint="Up to 200 characters. Finders read this."
        hintId={`${fields.bio.id}-hint`}
        textareaProps={{ ...getTextareaProps(fields.bio), maxLength: PROFILE_LIMITS.bio }}
      />
      <Field
        label="Mobile number"
        errors={fields.mobileNumber.errors}
        errorId={fields.mobileNumber.errorId}
        hint="Private: finders never see it unless you show it in Settings."
        inputProps={{
          ...getInputProps(fields.mobileNumber, { type: "tel" }),
          ...phone,
          maxLength: PROFILE_LIMITS.phone,
          autoComplete: "tel",
          onInput: () => copyMobile(useMobile),
        }}
      />
      <Field
        label="Metro card number"
        errors={fields.metroCardNumber.errors}
        errorId={fields.metroCardNumber.errorId}
        hint="8 to 16 digits. Leave empty if you have none."
        inputProps={{ ...getInputProps(fields.metroCardNumber, { type: "text" }), ...phone, maxLength: PROFILE_LIMITS.metroCardMax }}
      />

      <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Contact numbers for finders</legend>
        <CheckboxField
          label="Use mobile number for all socials"
          asSwitch
          hint="Copies your mobile number into the four fields below, now and whenever you change it."
          hintId={`${fields.useMobileForSocials.id}-hint`}
          inputProps={{
            ...getInputProps(fields.useMobileForSocials, { type: "checkbox" }),
            onChange: (event) => {
              setUseMobile(event.currentTarget.checked);
              copyMobile(event.currentTarget.checked);
            },
          }}
        />
        <Field label="Emergency number (SMS)" errors={fields.socialSms.errors} errorId={fields.socialSms.errorId} inputProps={social("socialSms")} />
        <Field label="Call number" errors={fields.socialCall.errors} errorId={fields.socialCall.errorId} inputProps={social("socialCall")} />
        <Field
          label="Telegram"
          errors={fields.socialTelegram.errors}
          errorId={fields.socialTelegram.errorId}
          hint="A username (optionally starting with @) or a number."
          inputProps={social("socialTelegram")}
        />
        <Field label="WhatsApp number" errors={fields.socialWhatsapp.errors} errorId={fields.socialWhatsapp.errorId} inputProps={social("socialWhatsapp")} />
      </fieldset>

      <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">What finders see</legend>
        <CheckboxField
          label="Mask bio"
          hint="Finders enter digits 5 to 8 of your token to read your bio."
          hintId={`${fields.maskBio.id}-hint`}
          inputProps={getInputProps(fields.maskBio, { type: "checkbox" })}
        />
        <CheckboxField
          label="Show contact buttons (SMS, Call, Telegram, WhatsApp)"
          hint="Finders get buttons for the numbers above."
          hintId={`${fields.useSocialIcons.id}-hint`}
          inputProps={getInputProps(fields.useSocialIcons, { type: "checkbox" })}
        />
      </fieldset>

      <div className="flex gap-3">
        <button
          type="submit"
          name="intent"
          value="update-profile"
          disabled={saving}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {saving ? "Saving…" : "Save"}
        </button>
        <Link to="/profile" className="rounded-lg px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-100">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function SearchHistory({ history, totalSearches }: { history: LoaderData["history"]; totalSearches: number }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="text-xl font-bold">
        Search history
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Total searches: <span className="font-semibold" data-testid="total-searches">{totalSearches}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Times are India time (IST). Location is approximate: it can be 5 to 50 km off.
      </p>
      {history.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">Nobody has searched for you yet.</p>
      ) : (
        <div className="mt-4 max-h-96 overflow-y-auto rounded-xl border border-slate-200" tabIndex={0} role="region" aria-label="Search history list">
          <ol className="divide-y divide-slate-100">
            {history.map((entry) => (
              <li key={entry.id} className="p-3 text-sm" data-testid="history-row">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p>
                    <span className="font-semibold">{entry.type}</span> <span className="font-mono text-slate-700">{entry.value}</span>
                  </p>
                  <p className="text-slate-600">
                    <time dateTime={entry.at}>
                      {entry.time}, {entry.date}
                    </time>
                  </p>
                </div>
                <p className="mt-0.5 text-slate-700">
                  {entry.city ?? "Unknown city"}
                  {entry.address ? ` · ${entry.address}` : ""}
                </p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/** A server-rendered state of /profile?preview=1; the close link leads back. */
function PreviewDialog({ preview }: { preview: LoaderData["preview"] }) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialogRef.current?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") navigate("/profile", { preventScrollReset: true });
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate]);
  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/60 sm:items-center sm:p-4"
      onClick={(event) => {
        if (event.target === event.currentTarget) navigate("/profile", { preventScrollReset: true });
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="preview-title"
        tabIndex={-1}
        className="max-h-[92vh] w-full max-w-md overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl focus:outline-none sm:rounded-2xl"
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <h2 id="preview-title" className="text-lg font-bold text-brand-900">
              {preview ? "Your public profile" : "No Identifiers Found"}
            </h2>
            {preview ? <p className="text-sm text-slate-600">This is what a finder sees.</p> : null}
          </div>
          <Link to="/profile" preventScrollReset aria-label="Close" className="-m-1 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
            <Icon path="M6 6l12 12M18 6L6 18" className="h-6 w-6" />
          </Link>
        </div>
        {preview ? (
          <PublicProfileView profile={preview} />
        ) : (
          <div className="space-y-3 text-sm text-slate-700">
            <p>A finder reaches your profile by your metro card number or a verified Tagback token. You have neither yet.</p>
            <p>
              <Link to="/profile?edit=1" className="font-semibold text-brand-700 underline">
                Add a metro card number
              </Link>{" "}
              or{" "}
              <Link to="/token" className="font-semibold text-brand-700 underline">
                verify a token
              </Link>
              .
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
