// "Put this on your lock screen" and "Reprint my stickers" on /token (decision 027). All three are
// conform forms posted to /token, so a refusal comes back in the form, with what was typed, with or
// without JavaScript. The card and the reprint are plain <form>s, not React Router's <Form>: once
// checked they lead to the file itself (a redirect), a picture or a PDF, not a page.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { CUSTOM_SIZE_RULE, sizeValue } from "~/features/stickers/lock-screen";
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
  return (
    <section aria-labelledby="lock-screen-title" className="space-y-6">
      <div>
        <h2 id="lock-screen-title" className="text-xl font-bold">
          Put this on your lock screen
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          The phone is what gets lost most, and a sticker on its case wears off first. A locked phone still shows its lock
          screen: make it a card with your sticker's QR code, and whoever finds the phone scans it with theirs and reaches
          you — without your number on the screen for anyone to copy.
        </p>
      </div>
      <LineForm line={line} lastResult={lineResult} />
      {verifiedTokens.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">Verify a token first: cards and reprints are of your verified tokens.</p>
      ) : (
        <>
          <ul className="space-y-4">
            {verifiedTokens.map((token) => (
              <li key={token}>
                <CardForm token={token} lastResult={card?.token === token ? card.result : undefined} />
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-600">
            Open the card on your phone, keep the picture (long-press it, then save it to your photos), and choose it as your
            lock-screen wallpaper. Then try it: scan your lock screen with another phone.
          </p>
          <ReprintForm count={verifiedTokens.length} lastResult={reprintResult} />
        </>
      )}
    </section>
  );
}

function LineForm({ line, lastResult }: { line: string | null; lastResult: LastResult }) {
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
        label="Your line on the card"
        errors={errorTexts(fields.line.errors)}
        errorId={fields.line.errorId}
        hint={`Up to ${LOCK_SCREEN_LINE_MAX} characters, in English or Hindi. Empty: “${LOCK_SCREEN_LINE_DEFAULT}”.`}
        inputProps={{
          ...getInputProps(fields.line, { type: "text" }),
          maxLength: LOCK_SCREEN_LINE_MAX,
          placeholder: "If found, scan me — reward offered",
          autoComplete: "off",
        }}
      />
      <Button type="submit" name="intent" value="lock-screen-line" disabled={busy} size="sm">
        {busy ? "Saving…" : "Save line"}
      </Button>
    </Form>
  );
}

/** The message under a field, where the field's aria-describedby points (conform's errorId). */
function FieldMessage({ id, errors }: { id: string; errors: string[] | undefined }) {
  const texts = errorTexts(errors);
  return texts?.length ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {texts.join(" ")}
    </p>
  ) : null;
}

function CardForm({ token, lastResult }: { token: string; lastResult: LastResult }) {
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
        Lock-screen card for <span className="font-mono">{grouped(token)}</span>
      </h3>
      <ErrorAlert errors={form.errors} fallback="token.cardRatio" />
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.size.id} className="block text-sm font-medium text-slate-800">
            Phone screen size
          </label>
          <select key={sizeKey} {...size} className={SELECT}>
            {LOCK_SCREEN_SIZES.map((one) => (
              <option key={sizeValue(one)} value={sizeValue(one)}>
                {one.label}
              </option>
            ))}
            <option value="custom">Custom (width and height below)</option>
          </select>
          <FieldMessage id={fields.size.errorId} errors={fields.size.errors} />
        </div>
        <div>
          <label htmlFor={fields.style.id} className="block text-sm font-medium text-slate-800">
            Style
          </label>
          <select key={styleKey} {...style} className={SELECT}>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
          <FieldMessage id={fields.style.errorId} errors={fields.style.errors} />
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Custom size, in pixels</legend>
        <div className="mt-1 flex flex-wrap items-start gap-3">
          <div>
            <label htmlFor={fields.width.id} className="block text-xs text-slate-600">
              Width
            </label>
            <input key={widthKey} {...width} inputMode="numeric" min={LOCK_SCREEN_CUSTOM.minWidth} max={LOCK_SCREEN_CUSTOM.maxWidth} className={NUMBER} />
            <FieldMessage id={fields.width.errorId} errors={fields.width.errors} />
          </div>
          <div>
            <label htmlFor={fields.height.id} className="block text-xs text-slate-600">
              Height
            </label>
            <input key={heightKey} {...height} inputMode="numeric" min={LOCK_SCREEN_CUSTOM.minHeight} max={LOCK_SCREEN_CUSTOM.maxHeight} className={NUMBER} />
            <FieldMessage id={fields.height.errorId} errors={fields.height.errors} />
          </div>
        </div>
        <p className="mt-1 text-xs text-slate-600">Used when the size is Custom: {CUSTOM_SIZE_RULE}.</p>
      </fieldset>
      <Button type="submit" size="md">
        Get the card<span className="sr-only"> for {grouped(token)}</span>
      </Button>
    </form>
  );
}

function ReprintForm({ count, lastResult }: { count: number; lastResult: LastResult }) {
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
        Reprint my stickers
      </h3>
      <p className="text-sm text-slate-700">
        A worn sticker? Print new labels of your {count === 1 ? "verified token" : `${count} verified tokens`} at home: A4
        sheets of 70 × 36 mm labels (3 × 8, Avery Zweckform 3475 and equivalents). Print at 100 % (“actual size”).
      </p>
      <div>
        <label htmlFor={fields.copies.id} className="block text-sm font-medium text-slate-800">
          Copies of each sticker
        </label>
        <input key={copiesKey} {...copies} inputMode="numeric" min={1} max={REPRINT_MAX_COPIES} className={NUMBER} />
        <FieldMessage id={fields.copies.errorId} errors={fields.copies.errors} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="format" value="pdf" size="md">
          Download PDF
        </Button>
        <Button type="submit" name="format" value="svg" variant="outline" size="md">
          Open as SVG
        </Button>
      </div>
    </form>
  );
}
