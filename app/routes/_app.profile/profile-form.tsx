// Edit mode of /profile (?edit=1): the profile form. The browser checks it with the same schema as
// the server (instant messages once JavaScript runs); without JavaScript the server's answer comes
// back with what was typed. Errors arrive as message keys and are resolved here.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState, type RefObject } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { CheckboxField, TextArea } from "./controls";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { profileAlert, profileErrorText, profileSchema } from "~/features/owner/profile-schema";
import {
  BIO_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  METRO_CARD_MAX,
  METRO_CARD_MIN,
  PHONE_MAX_DIGITS,
  TELEGRAM_MAX_LENGTH,
  X_USERNAME_MAX_LENGTH,
} from "~/features/owner/rules";
import { Button, ButtonLink } from "~/components/ui/button";
import { UNLOCK_DIGIT_COUNT } from "~/features/finder/rules";
import type { Locale } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { z } from "zod";
import { LANGUAGE_FIELD } from "~/features/account/language-field";

type PageProfile = Route.ComponentProps["loaderData"]["profile"];
type ProfileFields = ReturnType<typeof useProfileForm>[1];

const SOCIAL_FIELDS = ["socialSms", "socialCall", "socialTelegram", "socialWhatsapp"] as const;
const PHONE_INPUT = { inputMode: "numeric" as const, autoComplete: "off" };

function useProfileForm(profile: PageProfile, lastResult: SubmissionResult<string[]> | undefined) {
  return useForm({
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
    // The language switch's buttons send this form as it is (RouteHandle.draftForm): no check then.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formData.has(LANGUAGE_FIELD) ? z.any() : profileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

/**
 * The "use mobile number for all socials" switch: while on, the mobile number is copied into the
 * four social fields, now and on later edits of the mobile number.
 */
function useMobileSwitch(formRef: RefObject<HTMLFormElement | null>, initiallyOn: boolean, lastResult: unknown) {
  const [on, setOn] = useState(initiallyOn);
  // A failed save without JavaScript comes back with the switch as it was posted.
  useEffect(() => {
    const input = formRef.current?.elements.namedItem("useMobileForSocials");
    if (input instanceof HTMLInputElement) setOn(input.checked);
  }, [formRef, lastResult]);

  function copyMobile(copy: boolean) {
    const elements = formRef.current?.elements;
    const mobile = elements?.namedItem("mobileNumber");
    if (!copy || !(mobile instanceof HTMLInputElement)) return;
    for (const name of SOCIAL_FIELDS) {
      const input = elements?.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = mobile.value.replace(/[\s-]/g, "");
    }
  }

  return {
    on,
    toggle: (next: boolean) => {
      setOn(next);
      copyMobile(next);
    },
    mobileEdited: () => copyMobile(on),
  };
}

/** A field's messages for Field, TextArea and CheckboxField: its error keys as text. */
function described(field: { errors?: string[]; errorId: string }, locale: Locale) {
  return { errors: field.errors?.map((error) => profileErrorText(error, locale)), errorId: field.errorId };
}

export function ProfileForm({ profile, lastResult }: { profile: PageProfile; lastResult?: SubmissionResult<string[]> }) {
  const { t, locale } = useT();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile";
  const [form, fields] = useProfileForm(profile, lastResult);
  const formRef = useRef<HTMLFormElement>(null);
  const mobileSwitch = useMobileSwitch(formRef, profile.useMobileForSocials, lastResult);
  const alert = profileAlert([...new Set([...(form.errors ?? []), ...Object.values(form.allErrors).flat()])], locale);

  return (
    <Form method="post" action="/profile?edit=1" ref={formRef} {...getFormProps(form)} className="mt-6 space-y-5" aria-labelledby="profile-title">
      {alert ? <FormAlert title={alert.title} description={alert.description} /> : null}
      <Field
        label={t("profilePage.fullName")}
        {...described(fields.fullName, locale)}
        hint={t("profilePage.fullNameHint")}
        inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), maxLength: FULL_NAME_MAX_LENGTH, autoComplete: "name" }}
      />
      <Field
        label={t("profilePage.xUsername")}
        {...described(fields.xUsername, locale)}
        hint={t("profilePage.xUsernameHint", { max: X_USERNAME_MAX_LENGTH })}
        inputProps={{ ...getInputProps(fields.xUsername, { type: "text" }), maxLength: X_USERNAME_MAX_LENGTH + 1, autoComplete: "off" }}
      />
      <TextArea
        label={t("profilePage.bio")}
        {...described(fields.bio, locale)}
        hint={t("profilePage.bioHint", { max: BIO_MAX_LENGTH })}
        hintId={`${fields.bio.id}-hint`}
        textareaProps={{ ...getTextareaProps(fields.bio), maxLength: BIO_MAX_LENGTH }}
      />
      <Field
        label={t("profilePage.mobile")}
        {...described(fields.mobileNumber, locale)}
        hint={t("profilePage.mobileHint")}
        inputProps={{
          ...getInputProps(fields.mobileNumber, { type: "tel" }),
          ...PHONE_INPUT,
          maxLength: PHONE_MAX_DIGITS,
          autoComplete: "tel",
          onInput: mobileSwitch.mobileEdited,
        }}
      />
      <Field
        label={t("profilePage.metroCard")}
        {...described(fields.metroCardNumber, locale)}
        hint={t("profilePage.metroCardHint", { min: METRO_CARD_MIN, max: METRO_CARD_MAX })}
        inputProps={{ ...getInputProps(fields.metroCardNumber, { type: "text" }), ...PHONE_INPUT, maxLength: METRO_CARD_MAX }}
      />
      <ContactNumbers fields={fields} useMobile={mobileSwitch.on} onSwitch={mobileSwitch.toggle} />
      <FinderOptions fields={fields} />

      <div className="flex gap-3">
        <Button
          type="submit"
          name="intent"
          value="update-profile"
          disabled={saving}
          size="lg"
        >
          {t(saving ? "profilePage.saving" : "profilePage.save")}
        </Button>
        <ButtonLink to="/profile" variant="ghost" size="lg">
          {t("profilePage.cancel")}
        </ButtonLink>
      </div>
    </Form>
  );
}

/** The four numbers a finder may use, and the switch that fills them with the mobile number. */
function ContactNumbers({ fields, useMobile, onSwitch }: { fields: ProfileFields; useMobile: boolean; onSwitch: (on: boolean) => void }) {
  const { t, locale } = useT();
  const social = (name: (typeof SOCIAL_FIELDS)[number]) => ({
    ...getInputProps(fields[name], { type: "text" }),
    readOnly: useMobile,
    ...(name === "socialTelegram" ? { maxLength: TELEGRAM_MAX_LENGTH } : { ...PHONE_INPUT, maxLength: PHONE_MAX_DIGITS }),
  });
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-[min(1rem,4vw)]">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("profilePage.contactLegend")}</legend>
      <CheckboxField
        label={t("profilePage.useMobile")}
        asSwitch
        hint={t("profilePage.useMobileHint")}
        hintId={`${fields.useMobileForSocials.id}-hint`}
        inputProps={{
          ...getInputProps(fields.useMobileForSocials, { type: "checkbox" }),
          onChange: (event) => onSwitch(event.currentTarget.checked),
        }}
      />
      <Field label={t("profilePage.sms")} {...described(fields.socialSms, locale)} inputProps={social("socialSms")} />
      <Field label={t("profilePage.call")} {...described(fields.socialCall, locale)} inputProps={social("socialCall")} />
      <Field
        label={t("profilePage.telegram")}
        {...described(fields.socialTelegram, locale)}
        hint={t("profilePage.telegramHint")}
        inputProps={social("socialTelegram")}
      />
      <Field label={t("profilePage.whatsapp")} {...described(fields.socialWhatsapp, locale)} inputProps={social("socialWhatsapp")} />
    </fieldset>
  );
}

/** What finders see: the bio masked or not, and the contact buttons. */
function FinderOptions({ fields }: { fields: ProfileFields }) {
  const { t } = useT();
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("profilePage.finderLegend")}</legend>
      <CheckboxField
        label={t("profilePage.maskBio")}
        // The unlock digits follow the token's first four (stickers/rules.ts unlockDigitsOf).
        hint={t("profilePage.maskBioHint", { from: 5, to: 4 + UNLOCK_DIGIT_COUNT })}
        hintId={`${fields.maskBio.id}-hint`}
        inputProps={getInputProps(fields.maskBio, { type: "checkbox" })}
      />
      <CheckboxField
        label={t("profilePage.showButtons")}
        hint={t("profilePage.showButtonsHint")}
        hintId={`${fields.useSocialIcons.id}-hint`}
        inputProps={getInputProps(fields.useSocialIcons, { type: "checkbox" })}
      />
    </fieldset>
  );
}
