// /found (spec 001 §2 "Found Items", "QR scanner dialog", §4, §5 "Found search", "QR content"):
// find an owner by typing a metro card number or a token, by scanning the QR code with the camera,
// or by uploading a photo of it (decoded on the server). The result is the public finder's owner
// dialog (lost mode included); a token nobody holds can be claimed here with its password.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { dbContext, requestInfoContext } from "~/core/context";
import { getEnv } from "~/core/env.server";
import { NO_STORE } from "~/core/no-store";
import { consume } from "~/core/rate-limit.server";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { redirectWithToast } from "~/core/toast.server";
import { requireUser } from "~/features/account/guards.server";
import type { FinderActionData } from "~/features/finder/finder";
import { finderAction, finderHeaders } from "~/features/finder/finder-route.server";
import { FinderDialog } from "~/features/finder/finder-search";
import { foundShouldRevalidate } from "~/features/lost-found/found-search";
import { FoundSearchForm } from "~/features/lost-found/found-search-form";
import { foundSearchLoader, type FoundSearchData } from "~/features/lost-found/found-search.server";
import { foundSearchPath } from "~/features/lost-found/qr-content";
import { PHOTO_DECODE_LIMIT, PHOTO_MAX_BYTES } from "~/features/lost-found/rules";
import { tokenDigits, verifyTokenSchema } from "~/features/stickers/claim";
import { CLAIM_REFUSALS, claimToken, isClaimableBy } from "~/features/stickers/claim.server";
import { isToken } from "~/features/stickers/rules";
import { messageIn } from "~/i18n/messages";
import { metaT, useT } from "~/i18n/use-t";
import { localeContext } from "~/middleware/i18n";
import { ClaimDialog } from "./claim-dialog";
import { decodePhoto, type PhotoError } from "./photo-decode.server";
import { ScannerDialog, ScanSection } from "./scan";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches).t("foundPage.metaTitle") }, { name: "robots", content: "noindex" }];

export const headers = finderHeaders;
export const shouldRevalidate = foundShouldRevalidate;

/** Room for the multipart envelope around the photo. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

export async function loader(args: Route.LoaderArgs) {
  const userId = requireUser(args).id;
  const url = new URL(args.request.url);
  const appUrl = getEnv().APP_URL;
  const claimParam = url.searchParams.get("claim");
  if (claimParam !== null) {
    // After a refused claim: the claim dialog again, without another search.
    const token = tokenDigits(claimParam);
    const claimable = isToken(token) && (await isClaimableBy(args.context.get(dbContext), userId, token));
    const empty: FoundSearchData["finder"] = { form: { type: "tagbacktoken", number: "" }, lastResult: null, alert: null, search: null };
    return data({ finder: empty, claim: claimable ? { token } : null, scan: false, appUrl }, { headers: NO_STORE });
  }
  const result = await foundSearchLoader(args, "found");
  return data({ ...result.data, scan: url.searchParams.get("scan") === "1", appUrl }, result.init ?? undefined);
}

type PhotoRefusal = { intent: "photo"; error: PhotoError };
type ClaimRefusal = { intent: "claim"; result: SubmissionResult<string[]> };

function photoRefused(error: PhotoError, status: number) {
  return data<PhotoRefusal>({ intent: "photo", error }, { status, headers: NO_STORE });
}

async function photoAction({ request, context }: Route.ActionArgs) {
  // Too large by its length alone: refused before a byte of it is read.
  if (Number(request.headers.get("content-length") ?? 0) > PHOTO_MAX_BYTES + MULTIPART_SLACK_BYTES) return photoRefused("qr.photoTooBig", 413);
  const db = context.get(dbContext);
  const { allowed } = await consume(db, PHOTO_DECODE_LIMIT, context.get(requestInfoContext).clientKey);
  if (!allowed) return photoRefused("qr.photoTooMany", 429);
  const formData = await readForm(request);
  const outcome = await decodePhoto(formData.get("photo"), getEnv().APP_URL);
  if (!outcome.ok) return photoRefused(outcome.error, outcome.status);
  return redirect(foundSearchPath(outcome.query));
}

async function claimAction(args: Route.ActionArgs, userId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: verifyTokenSchema });
  if (submission.status !== "success") {
    return data<ClaimRefusal>({ intent: "claim", result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await claimToken(args.context.get(dbContext), userId, submission.value.token, submission.value.password);
  if (outcome.ok) return redirectWithToast("/token", { type: "success", ...messageIn(args.context.get(localeContext), "found.claimed") });
  const { key, status } = CLAIM_REFUSALS[outcome.reason];
  return data<ClaimRefusal>({ intent: "claim", result: submission.reply({ formErrors: [key], hideFields: ["password"] }) }, { status });
}

export async function action(args: Route.ActionArgs) {
  const userId = requireUser(args).id;
  if (/^multipart\/form-data/i.test(args.request.headers.get("content-type") ?? "")) return photoAction(args);
  // The unlock form of the owner dialog is the finder's own action, which reads the body itself.
  const formData = await readForm(args.request.clone());
  switch (formData.get("intent")) {
    case "claim":
      return claimAction(args, userId, formData);
    case "unlock":
      return finderAction(args);
    default:
      return unknownIntent();
  }
}

export default function FoundPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { finder, claim, scan, appUrl } = loaderData;
  const unlockData = actionData && "unlock" in actionData ? (actionData as FinderActionData) : undefined;
  const photoError = actionData && "intent" in actionData && actionData.intent === "photo" ? (actionData as PhotoRefusal).error : null;
  const claimResult = actionData && "intent" in actionData && actionData.intent === "claim" ? (actionData as ClaimRefusal).result : undefined;
  return (
    <div className="max-w-3xl space-y-8">
      {claim ? (
        <ClaimDialog token={claim.token} lastResult={claimResult} />
      ) : (
        <FinderDialog data={finder} actionData={unlockData} closeHref="/found" />
      )}
      {scan ? <ScannerDialog appUrl={appUrl} photoError={photoError} /> : null}
      <div>
        <h1 className="text-2xl font-bold">{t("foundPage.heading")}</h1>
        <p className="mt-1 text-slate-700">{t("foundPage.lead")}</p>
      </div>
      <section aria-labelledby="type-title" className="space-y-3 sm:rounded-xl sm:border sm:border-slate-200 sm:p-5">
        <h2 id="type-title" className="text-xl font-bold">
          {t("foundPage.typeTitle")}
        </h2>
        {finder.alert ? (
          <div role="alert" data-testid="search-alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">{finder.alert.title}</p>
            {finder.alert.description ? <p>{finder.alert.description}</p> : null}
          </div>
        ) : null}
        <FoundSearchForm
          key={`${finder.form.type}:${finder.form.number}`}
          action="/found"
          variant="found"
          defaultType={finder.form.type}
          defaultNumber={finder.form.number}
          lastResult={finder.lastResult}
        />
      </section>
      <ScanSection photoError={scan ? null : photoError} />
      <QuickTips />
    </div>
  );
}

function QuickTips() {
  const { t } = useT();
  return (
    <section aria-labelledby="tips-title" className="rounded-xl bg-slate-50 p-5 text-sm text-slate-700">
      <h2 id="tips-title" className="font-semibold text-slate-900">
        {t("foundPage.tipsTitle")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t("foundPage.tipDigits")}</li>
        <li>{t("foundPage.tipMetroCard")}</li>
        <li>{t("foundPage.tipToken")}</li>
        <li>{t("foundPage.tipCamera")}</li>
      </ul>
    </section>
  );
}
