// /lost (spec 001 §2 "Lost Items", §4, §5 "Lost items"): pick one of your registered items (your
// products and your metro card) and report it lost; your reports, newest first, with the status
// toggle and delete. A pending report puts the item in lost mode for finders.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/_app.lost";
import { FormAlert } from "~/components/ui/form-alert";
import { dbContext } from "~/core/context";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { requireUser } from "~/features/account/guards.server";
import { formatToken } from "~/features/finder/search-input";
import { changeStatus, deleteReport, reportPickedItem, type LostIntent, type LostIntentArgs } from "~/features/lost-found/lost-actions.server";
import { pickReportSchema, todayInIndia } from "~/features/lost-found/lost-forms";
import { listLostItems, loadOrNull, registeredItemsOf, type RegisteredItem } from "~/features/lost-found/lost-items.server";
import { fieldTexts, LostAlert, LostList, type LastResult } from "~/features/lost-found/lost-list";
import { ReportFormTail } from "~/features/lost-found/report-form-tail";
import { withLinks } from "~/features/lost-found/with-links";
import type { Translator } from "~/i18n/messages";
import { metaT, useT } from "~/i18n/use-t";
import { localeContext } from "~/middleware/i18n";
import { message } from "~/i18n/messages";
import { z } from "zod";
import type { RouteHandle } from "~/core/route-handle";
import { languageSwitchOf } from "~/features/account/language-draft.server";
import { LANGUAGE_FIELD } from "~/features/account/language-field";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches).t("lostPage.metaTitle") }];

// The language switch sends the report form with what was typed (RouteHandle.draftForm; issue 48).
export const handle: RouteHandle = { draftForm: "report-lost" };

export async function loader(args: Route.LoaderArgs) {
  const userId = requireUser(args).id;
  const db = args.context.get(dbContext);
  const [registered, reports] = await Promise.all([loadOrNull(registeredItemsOf(db, userId)), loadOrNull(listLostItems(db, userId))]);
  return {
    registered,
    reports: reports?.map(({ createdAt, ...report }) => ({ ...report, createdAt: createdAt.toISOString() })) ?? null,
    today: todayInIndia(),
  };
}

export async function action(args: Route.ActionArgs) {
  const userId = requireUser(args).id;
  const intentArgs: LostIntentArgs = { db: args.context.get(dbContext), userId, formData: await readForm(args.request), page: "/lost", locale: args.context.get(localeContext) };
  // A language chosen while writing the report: nothing is saved; the form comes back as typed.
  const switched = await languageSwitchOf(args.context, userId, intentArgs.formData);
  if (switched) {
    const { initialValue } = parseWithZod(intentArgs.formData, { schema: pickReportSchema }).reply();
    return data({ intent: "report" as const, result: { initialValue } }, { headers: switched });
  }
  switch (intentArgs.formData.get("intent")) {
    case "report":
      return reportPickedItem(intentArgs);
    case "status":
      return changeStatus(intentArgs);
    case "delete":
      return deleteReport(intentArgs);
    default:
      return unknownIntent();
  }
}

export default function LostPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const resultFor = (intent: LostIntent): LastResult => (actionData?.intent === intent ? (actionData.result ?? undefined) : undefined);
  return (
    <div className="max-w-3xl space-y-10">
      <div>
        <h1 className="text-2xl font-bold">{t("lostPage.heading")}</h1>
        <p className="mt-1 text-slate-700">{t("lostPage.lead")}</p>
      </div>
      <PickReportForm registered={loaderData.registered} today={loaderData.today} lastResult={resultFor("report")} />
      <LostList items={loaderData.reports} action="/lost" statusResult={resultFor("status")} deleteResult={resultFor("delete")} />
    </div>
  );
}

function itemLabel(item: RegisteredItem, t: Translator["t"]) {
  return item.type === "metro" ? t("ownerMail.itemMetroCard", { number: item.identifier }) : `${item.name} (${formatToken(item.identifier)})`;
}

function PickReportForm({ registered, today, lastResult }: { registered: RegisteredItem[] | null; today: string; lastResult: LastResult }) {
  const { t, locale } = useT();
  const [form, fields] = useForm({
    id: "report-lost",
    lastResult,
    defaultValue: { dateLost: today },
    // The language switch's buttons send this form as it is (RouteHandle.draftForm): no check then.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formData.has(LANGUAGE_FIELD) ? (z.any() as unknown as typeof pickReportSchema) : pickReportSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const itemErrors = fields.item.errors;
  // The first problem with its title; each field says its own below.
  const alertErrors = [
    ...(form.errors ?? []),
    ...(itemErrors ?? []),
    ...(fields.dateLost.errors ?? []),
    ...(fields.message.errors ?? []),
    ...(fields.reward.errors ?? []),
  ];
  return (
    <section aria-labelledby="report-title" className="sm:rounded-xl sm:border sm:border-slate-200 sm:p-5">
      <h2 id="report-title" className="text-xl font-bold">
        {t("lostPage.reportTitle")}
      </h2>
      {registered === null ? (
        <div className="mt-3">
          <FormAlert title={t("lost.loadRegisteredFailed")} />
        </div>
      ) : registered.length === 0 ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
          {withLinks(t("lostPage.noRegistered"), {
            profile: { href: "/profile", text: t("lostPage.profileLink") },
            token: { href: "/token", text: t("lostPage.tokenLink") },
            lostFound: { href: "/lost-found", text: t("lostPage.lostFoundHeading") },
          })}
        </p>
      ) : (
        <Form method="post" action="/lost" {...getFormProps(form)} className="mt-4 space-y-4">
          <LostAlert errors={alertErrors} fallback="lost.addFailed" />
          <fieldset aria-describedby={itemErrors?.length ? fields.item.errorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">{t("lostPage.whichItem")}</legend>
            <ul className="mt-1 space-y-1">
              {registered.map((item) => (
                <li key={item.key}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50">
                    <input
                      type="radio"
                      name={fields.item.name}
                      value={item.key}
                      defaultChecked={fields.item.initialValue === item.key}
                      className="h-4 w-4"
                    />
                    <span className="min-w-0">{itemLabel(item, t)}</span>
                  </label>
                </li>
              ))}
            </ul>
            {itemErrors?.length ? (
              <p id={fields.item.errorId} className="mt-1 text-sm text-red-700">
                {fieldTexts(itemErrors, locale)?.join(" ")}
              </p>
            ) : null}
          </fieldset>
          <ReportFormTail fields={fields} today={today} submit={{ idle: t("lostPage.reportAsLost"), busy: t("lostPage.reporting") }} />
        </Form>
      )}
    </section>
  );
}
