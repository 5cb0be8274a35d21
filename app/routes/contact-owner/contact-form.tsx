// The "I found this" form: message, an optional way to reach the finder, an optional "where I
// found it", and how the item goes back. A plain form (JavaScript only shows a pending state and a
// character count); after a refusal it comes back with everything the finder typed.
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { cleanMessage } from "~/features/messaging/message-input";
import type { ContactFields, ContactValues } from "~/features/finder-contact/contact-input";
import { LocationField } from "~/features/finder-contact/share-location";
import { FINDER_MESSAGE_MAX, FOUND_WHERE_MAX, HANDOVER_PLACE_MAX, HANDOVERS, type Handover } from "~/features/finder-contact/rules";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";

const HANDOVER_LABELS: Record<Handover, MessageKey> = {
  keep: "contact.handoverKeep",
  metro_counter: "contact.handoverMetroCounter",
  police: "contact.handoverPolice",
  place: "contact.handoverPlace",
};

type Refusal = { alert: MessageKey | null; errors: Partial<Record<ContactFields, MessageKey>>; values: ContactValues };

const INPUT = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none aria-invalid:border-red-500";

export function ContactForm({ ticket, refusal }: { ticket: string; refusal: Refusal | null }) {
  const { t, m } = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = refusal?.values;
  const errors = refusal?.errors ?? {};
  const [length, setLength] = useState(cleanMessage(values?.message ?? "").length);
  const messageField = useRef<HTMLTextAreaElement>(null);
  // The count starts from what the field holds when React starts: on a slow phone the finder may
  // have been writing for a while already.
  useEffect(() => {
    if (messageField.current) setLength(cleanMessage(messageField.current.value).length);
  }, [hydrated]);
  const alert = refusal?.alert ? m(refusal.alert) : null;
  const error = (field: ContactFields) =>
    errors[field] ? (
      <p id={`${field}-error`} className="mt-1 text-sm text-red-700" data-testid={`${field}-error`}>
        {t(errors[field]!)}
      </p>
    ) : null;
  const invalid = (field: ContactFields) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {});
  const chosen = values?.handover || "keep";

  return (
    // The key renews the fields' defaults after each refusal.
    <Form method="post" noValidate className="mt-6 space-y-5" key={JSON.stringify(refusal ?? {})} id="contact-form" data-testid="contact-form">
      <input type="hidden" name="ticket" value={ticket} />
      {alert ? <FormAlert title={alert.title} description={alert.description} data-testid="contact-alert" /> : null}

      <div>
        <label htmlFor="contact-message" className="block text-sm font-medium text-slate-800">
          {t("contact.messageLabel")}
        </label>
        <textarea
          ref={messageField}
          id="contact-message"
          name="message"
          rows={4}
          required
          maxLength={FINDER_MESSAGE_MAX * 2}
          defaultValue={values?.message}
          placeholder={t("contact.messagePlaceholder")}
          onChange={(event) => setLength(cleanMessage(event.currentTarget.value).length)}
          className={INPUT}
          {...invalid("message")}
        />
        <p className="mt-1 text-xs text-slate-600">
          {hydrated ? `${length}/${FINDER_MESSAGE_MAX}` : t("contact.messageHelp")}
        </p>
        {error("message")}
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("contact.handoverLegend")}</legend>
        <div className="mt-2 space-y-2">
          {HANDOVERS.map((handover) => (
            <label key={handover} className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm">
              <input type="radio" name="handover" value={handover} defaultChecked={chosen === handover} className="mt-0.5 h-4 w-4" />
              <span className="min-w-0">{t(HANDOVER_LABELS[handover])}</span>
            </label>
          ))}
        </div>
        {error("handover")}
        <div className="mt-2">
          <label htmlFor="contact-place" className="block text-sm font-medium text-slate-800">
            {t("contact.placeLabel")}
          </label>
          <input id="contact-place" name="place" type="text" maxLength={HANDOVER_PLACE_MAX * 2} defaultValue={values?.place} className={INPUT} {...invalid("place")} />
          {error("place")}
        </div>
      </fieldset>

      <div>
        <label htmlFor="contact-found-where" className="block text-sm font-medium text-slate-800">
          {t("contact.foundWhereLabel")}
        </label>
        <input
          id="contact-found-where"
          name="foundWhere"
          type="text"
          maxLength={FOUND_WHERE_MAX * 2}
          defaultValue={values?.foundWhere}
          className={INPUT}
          {...invalid("foundWhere")}
        />
        {error("foundWhere")}
        <div className="mt-2">
          <LocationField values={values} error={errors.location} />
        </div>
      </div>

      <div>
        <label htmlFor="contact-reach" className="block text-sm font-medium text-slate-800">
          {t("contact.contactLabel")}
        </label>
        <input
          id="contact-reach"
          name="contact"
          type="text"
          inputMode="email"
          autoComplete="email"
          defaultValue={values?.contact}
          className={INPUT}
          {...invalid("contact")}
        />
        <p className="mt-1 text-xs text-slate-600">{t("contact.contactHelp")}</p>
        {error("contact")}
      </div>

      {/* Nobody sees or reaches this field; a script that fills every field fills it. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor="contact-website">{t("contact.honeypotLabel")}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? t("contact.sending") : t("contact.send")}
      </Button>
    </Form>
  );
}
