// "Put this on your lock screen" and "Reprint my stickers" on /token (decision 027). All three are
// conform forms posted to /token, so a refusal comes back in the form, with what was typed, with or
// without JavaScript. The card and the reprint are plain <form>s, not React Router's <Form>: once
// checked they lead to the file itself (a redirect), a picture or a PDF, not a page.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { sizeValue } from "~/features/stickers/lock-screen";
import { SlottedText } from "~/components/ui/slotted-text";
import { useT } from "~/i18n/use-t";
import {
  LOCK_SCREEN_CUSTOM,
  LOCK_SCREEN_LINE_DEFAULT,
  LOCK_SCREEN_LINE_MAX,
  LOCK_SCREEN_SIZES,
  REPRINT_MAX_COPIES,
} from "~/features/stickers/rules";
import { lockScreenCardSchema, lockScreenLineSchema, reprintSchema } from "~/routes/_app.token/token-forms";
import { ErrorAlert, errorTexts, grouped, useBusy, type LastResult } from "~/routes/_app.token/token-ui";

const SELECT = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base";
const NUMBER = "mt-1 block w-28 rounded-lg border border-slate-300 px-3 py-2 text-base";

type PrintablesProps = {
  verifiedTokens: string[];
  line: string | null;
  lineResult: LastResult;
  /** The refused card form's token and result, when the post this page answers was a card's. */
  card: { token: string | null; result: LastResult } | undefined;
  reprintResult: LastResult;
};

export function Printables({ verifiedTokens, line, lineResult, card, reprintResult }: PrintablesProps) {
  const { t } = useT();
  return (
    <section aria-labelledby="lock-screen-title" className="space-y-6">
      <div>
        <h2 id="lock-screen-title" className="text-xl font-bold">
          {t("tokenPage.lockTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("tokenPage.lockLead")}</p>
      </div>
      <LineForm line={line} lastResult={lineResult} />
      {verifiedTokens.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{t("tokenPage.cardsNeedToken")}</p>
      ) : (
        <>
          <ul className="space-y-4">
            {verifiedTokens.map((token) => (
              <li key={token}>
                <CardForm token={token} lastResult={card?.token === token ? card.result : undefined} />
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-600">{t("tokenPage.lockHowTo")}</p>
          <ReprintForm count={verifiedTokens.length} lastResult={reprintResult} />
        </>
      )}
    </section>
  );
}

function LineForm({ line, lastResult }: { line: string | null; lastResult: LastResult }) {
  const { t, locale } = useT();
  const busy = useBusy("lock-screen-line");
  const [form, fields] = useForm({
    id: "lock-screen-line",
    lastResult,
    defaultValue: { line: line ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lockScreenLineSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action="/token" {...getFormProps(form)} className="space-y-3 rounded-xl border border-slate-200 p-5">
      <ErrorAlert errors={form.errors} fallback="token.lineCharacters" />
      <Field
        label={t("tokenPage.lineLabel")}
        errors={errorTexts(fields.line.errors, locale)}
        errorId={fields.line.errorId}
        hint={t("tokenPage.lineHint", { max: LOCK_SCREEN_LINE_MAX, line: LOCK_SCREEN_LINE_DEFAULT })}
        inputProps={{
          ...getInputProps(fields.line, { type: "text" }),
          maxLength: LOCK_SCREEN_LINE_MAX,
          placeholder: t("tokenPage.linePlaceholder"),
          autoComplete: "off",
        }}
      />
      <Button type="submit" name="intent" value="lock-screen-line" disabled={busy} size="sm">
        {t(busy ? "profilePage.saving" : "tokenPage.saveLine")}
      </Button>
    </Form>
  );
}

/** The message under a field, where the field's aria-describedby points (conform's errorId). */
function FieldMessage({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { locale } = useT();
  const texts = errorTexts(errors, locale);
  return texts?.length ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {texts.join(" ")}
    </p>
  ) : null;
}

function CardForm({ token, lastResult }: { token: string; lastResult: LastResult }) {
  const { t } = useT();
  const [form, fields] = useForm({
    id: `card-${token}`,
    lastResult,
    defaultValue: { size: sizeValue(LOCK_SCREEN_SIZES[0]), style: "light" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lockScreenCardSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { key: sizeKey, ...size } = getSelectProps(fields.size);
  const { key: styleKey, ...style } = getSelectProps(fields.style);
  const { key: widthKey, ...width } = getInputProps(fields.width, { type: "number" });
  const { key: heightKey, ...height } = getInputProps(fields.height, { type: "number" });
  return (
    <form method="post" action="/token" {...getFormProps(form)} className="space-y-3 rounded-xl border border-slate-200 p-5" aria-labelledby={`${form.id}-title`} data-testid="lock-screen-form">
      <input type="hidden" name="intent" value="lock-screen-card" />
      <input type="hidden" name="token" value={token} />
      <h3 id={`${form.id}-title`} className="text-lg font-semibold">
        <SlottedText text={t("tokenPage.cardTitle")} slots={{ token: <span className="font-mono">{grouped(token)}</span> }} />
      </h3>
      <ErrorAlert errors={form.errors} fallback="token.cardRatio" />
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.size.id} className="block text-sm font-medium text-slate-800">
            {t("tokenPage.screenSize")}
          </label>
          <select key={sizeKey} {...size} className={SELECT}>
            {LOCK_SCREEN_SIZES.map((one) => (
              <option key={sizeValue(one)} value={sizeValue(one)}>
                {t(one.phones, { size: `${one.width} × ${one.height}` })}
              </option>
            ))}
            <option value="custom">{t("tokenPage.sizeCustom")}</option>
          </select>
          <FieldMessage id={fields.size.errorId} errors={fields.size.errors} />
        </div>
        <div>
          <label htmlFor={fields.style.id} className="block text-sm font-medium text-slate-800">
            {t("tokenPage.style")}
          </label>
          <select key={styleKey} {...style} className={SELECT}>
            <option value="light">{t("tokenPage.light")}</option>
            <option value="dark">{t("tokenPage.dark")}</option>
          </select>
          <FieldMessage id={fields.style.errorId} errors={fields.style.errors} />
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("tokenPage.customLegend")}</legend>
        <div className="mt-1 flex flex-wrap items-start gap-3">
          <div>
            <label htmlFor={fields.width.id} className="block text-xs text-slate-600">
              {t("tokenPage.width")}
            </label>
            <input key={widthKey} {...width} inputMode="numeric" min={LOCK_SCREEN_CUSTOM.minWidth} max={LOCK_SCREEN_CUSTOM.maxWidth} className={NUMBER} />
            <FieldMessage id={fields.width.errorId} errors={fields.width.errors} />
          </div>
          <div>
            <label htmlFor={fields.height.id} className="block text-xs text-slate-600">
              {t("tokenPage.height")}
            </label>
            <input key={heightKey} {...height} inputMode="numeric" min={LOCK_SCREEN_CUSTOM.minHeight} max={LOCK_SCREEN_CUSTOM.maxHeight} className={NUMBER} />
            <FieldMessage id={fields.height.errorId} errors={fields.height.errors} />
          </div>
        </div>
        <p className="mt-1 text-xs text-slate-600">
          {t("tokenPage.customRule", {
            // As strings: a size is written without a thousands separator, as on the size list.
            minWidth: String(LOCK_SCREEN_CUSTOM.minWidth),
            maxWidth: String(LOCK_SCREEN_CUSTOM.maxWidth),
            minHeight: String(LOCK_SCREEN_CUSTOM.minHeight),
            maxHeight: String(LOCK_SCREEN_CUSTOM.maxHeight),
            minRatio: LOCK_SCREEN_CUSTOM.minRatio,
            maxRatio: LOCK_SCREEN_CUSTOM.maxRatio,
          })}
        </p>
      </fieldset>
      <Button type="submit" size="md">
        {t("tokenPage.getCard")}<span className="sr-only"> {t("tokenPage.getCardFor", { token: grouped(token) })}</span>
      </Button>
    </form>
  );
}

function ReprintForm({ count, lastResult }: { count: number; lastResult: LastResult }) {
  const { t } = useT();
  const [form, fields] = useForm({
    id: "reprint",
    lastResult,
    defaultValue: { copies: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reprintSchema(count) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { key: copiesKey, ...copies } = getInputProps(fields.copies, { type: "number" });
  return (
    <form method="post" action="/token" {...getFormProps(form)} className="space-y-3 rounded-xl border border-slate-200 p-5" aria-labelledby="reprint-title">
      <input type="hidden" name="intent" value="reprint" />
      <h3 id="reprint-title" className="text-lg font-semibold">
        {t("tokenPage.reprintTitle")}
      </h3>
      <p className="text-sm text-slate-700">{count === 1 ? t("tokenPage.reprintLeadOne") : t("tokenPage.reprintLeadMany", { count })}</p>
      <div>
        <label htmlFor={fields.copies.id} className="block text-sm font-medium text-slate-800">
          {t("tokenPage.copies")}
        </label>
        <input key={copiesKey} {...copies} inputMode="numeric" min={1} max={REPRINT_MAX_COPIES} className={NUMBER} />
        <FieldMessage id={fields.copies.errorId} errors={fields.copies.errors} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="format" value="pdf" size="md">
          {t("tokenPage.downloadPdf")}
        </Button>
        <Button type="submit" name="format" value="svg" variant="outline" size="md">
          {t("tokenPage.openSvg")}
        </Button>
      </div>
    </form>
  );
}
