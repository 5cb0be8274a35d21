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
function described(field: { errors?: string[]; errorId: string }) {
  return { errors: field.errors?.map(profileErrorText), errorId: field.errorId };
}

export function ProfileForm({ profile, lastResult }: { profile: PageProfile; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile";
  const [form, fields] = useProfileForm(profile, lastResult);
  const formRef = useRef<HTMLFormElement>(null);
  const mobileSwitch = useMobileSwitch(formRef, profile.useMobileForSocials, lastResult);
  const alert = profileAlert([...new Set([...(form.errors ?? []), ...Object.values(form.allErrors).flat()])]);

  return (
    <Form method="post" action="/profile?edit=1" ref={formRef} {...getFormProps(form)} className="mt-6 space-y-5" aria-labelledby="profile-title">
      {alert ? <FormAlert title={alert.title} description={alert.description} /> : null}
      <Field
        label="Full Name"
        {...described(fields.fullName)}
        hint="Letters, digits, @, _ and spaces. The first word is your first name."
        inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), maxLength: FULL_NAME_MAX_LENGTH, autoComplete: "name" }}
      />
      <Field
        label="X username"
        {...described(fields.xUsername)}
        hint={`Letters, digits and underscores, up to ${X_USERNAME_MAX_LENGTH}.`}
        inputProps={{ ...getInputProps(fields.xUsername, { type: "text" }), maxLength: X_USERNAME_MAX_LENGTH + 1, autoComplete: "off" }}
      />
      <TextArea
        label="Bio"
        {...described(fields.bio)}
        hint={`Up to ${BIO_MAX_LENGTH} characters. Finders read this.`}
        hintId={`${fields.bio.id}-hint`}
        textareaProps={{ ...getTextareaProps(fields.bio), maxLength: BIO_MAX_LENGTH }}
      />
      <Field
        label="Mobile number"
        {...described(fields.mobileNumber)}
        hint="Private: finders never see it unless you show it in Settings."
        inputProps={{
          ...getInputProps(fields.mobileNumber, { type: "tel" }),
          ...PHONE_INPUT,
          maxLength: PHONE_MAX_DIGITS,
          autoComplete: "tel",
          onInput: mobileSwitch.mobileEdited,
        }}
      />
      <Field
        label="Metro card number"
        {...described(fields.metroCardNumber)}
        hint={`${METRO_CARD_MIN} to ${METRO_CARD_MAX} digits. Leave empty if you have none.`}
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
          {saving ? "Saving…" : "Save"}
        </Button>
        <ButtonLink to="/profile" variant="ghost" size="lg">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

/** The four numbers a finder may use, and the switch that fills them with the mobile number. */
function ContactNumbers({ fields, useMobile, onSwitch }: { fields: ProfileFields; useMobile: boolean; onSwitch: (on: boolean) => void }) {
  const social = (name: (typeof SOCIAL_FIELDS)[number]) => ({
    ...getInputProps(fields[name], { type: "text" }),
    readOnly: useMobile,
    ...(name === "socialTelegram" ? { maxLength: TELEGRAM_MAX_LENGTH } : { ...PHONE_INPUT, maxLength: PHONE_MAX_DIGITS }),
  });
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Contact numbers for finders</legend>
      <CheckboxField
        label="Use mobile number for all socials"
        asSwitch
        hint="Copies your mobile number into the four fields below, now and whenever you change it."
        hintId={`${fields.useMobileForSocials.id}-hint`}
        inputProps={{
          ...getInputProps(fields.useMobileForSocials, { type: "checkbox" }),
          onChange: (event) => onSwitch(event.currentTarget.checked),
        }}
      />
      <Field label="Emergency number (SMS)" {...described(fields.socialSms)} inputProps={social("socialSms")} />
      <Field label="Call number" {...described(fields.socialCall)} inputProps={social("socialCall")} />
      <Field
        label="Telegram"
        {...described(fields.socialTelegram)}
        hint="A username (optionally starting with @) or a number."
        inputProps={social("socialTelegram")}
      />
      <Field label="WhatsApp number" {...described(fields.socialWhatsapp)} inputProps={social("socialWhatsapp")} />
    </fieldset>
  );
}

/** What finders see: the bio masked or not, and the contact buttons. */
function FinderOptions({ fields }: { fields: ProfileFields }) {
  return (
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
  );
}
