// /token (spec 001 §2 "Token page", §4, §5): Verify Token, My Tokens, the Product Registry, and
// what an owner prints (decision 027): lock-screen cards and reprints. Eight kinds of form post to the route, each with a named intent answered by a function of its own; ids
// posted by a form are only ever used together with the session's user id. Refusals carry
// message keys (sections token and product of app/i18n/en.ts), which the parts resolve. A card or
// a reprint the form allows is a redirect to the file itself (its route draws it).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirectDocument } from "react-router";
import type { Route } from "./+types/route";
import type { Db } from "../../../db/connection";
import { dbContext } from "~/core/context";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { redirectWithToast } from "~/core/toast.server";
import { requireUser } from "~/features/account/guards.server";
import { verifiedTokensOf } from "~/features/stickers/tokens.server";
import { messageIn, type Locale, type MessageKey } from "~/i18n/messages";
import { metaT, useT } from "~/i18n/use-t";
import { localeContext } from "~/middleware/i18n";
import { MyTokens } from "~/routes/_app.token/my-tokens";
import { CLAIM_REFUSALS, claimToken } from "~/features/stickers/claim.server";
import { verifyTokenSchema } from "~/features/stickers/claim";
import { lockScreenCardPath } from "~/features/stickers/lock-screen";
import { lockScreenLineOf, saveLockScreenLine } from "~/features/stickers/printables.server";
import { listOwnTokens, removeOwnToken } from "~/routes/_app.token/owner-tokens.server";
import { Printables } from "~/routes/_app.token/printables";
import { ProductRegistry } from "~/routes/_app.token/product-registry";
import { addOwnProduct, deleteOwnProduct, listOwnProducts, renameOwnProduct } from "~/routes/_app.token/products.server";
import {
  addProductSchema,
  deleteProductSchema,
  lockScreenCardSchema,
  lockScreenLineSchema,
  removeTokenSchema,
  renameProductSchema,
  reprintSchema,
} from "~/routes/_app.token/token-forms";
import type { Intent } from "~/routes/_app.token/token-ui";
import { VerifyToken } from "~/routes/_app.token/verify-token";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches).t("tokenPage.metaTitle") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = requireUser({ request, context }).id;
  const db = context.get(dbContext);
  const [tokens, products, verifiedTokens, lockScreenLine] = await Promise.all([
    listOwnTokens(db, userId),
    listOwnProducts(db, userId),
    verifiedTokensOf(db, userId),
    lockScreenLineOf(db, userId),
  ]);
  const renaming = new URL(request.url).searchParams.get("rename");
  return {
    tokens: tokens.map((token) => ({ ...token, createdAt: token.createdAt.toISOString() })),
    products: products.map((product) => ({ ...product, createdAt: product.createdAt.toISOString() })),
    verifiedTokens,
    lockScreenLine,
    renaming: products.some((product) => product.id === renaming) ? renaming : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = requireUser({ request, context }).id;
  const args: IntentArgs = { db: context.get(dbContext), userId, formData: await readForm(request), locale: context.get(localeContext) };
  switch (args.formData.get("intent")) {
    case "verify-token":
      return verifyTokenAction(args);
    case "remove-token":
      return removeTokenAction(args);
    case "add-product":
      return addProductAction(args);
    case "rename-product":
      return renameProductAction(args);
    case "delete-product":
      return deleteProductAction(args);
    case "lock-screen-line":
      return lockScreenLineAction(args);
    case "lock-screen-card":
      return lockScreenCardAction(args);
    case "reprint":
      return reprintAction(args);
    default:
      return unknownIntent();
  }
}

type IntentArgs = { db: Db; userId: string; formData: FormData; locale: Locale };

/**
 * A refused post: the form's submission result (errors are message keys) and the status.
 * `subject`: which of the forms sharing an intent was posted (a product's id, a card's token).
 */
function refused(intent: Intent, result: SubmissionResult<string[]>, status: number, subject: string | null = null) {
  return data({ intent, result, subject, error: null }, { status });
}

/** Done: back to /token with the message as a success toast, in the page's language. */
function done(key: MessageKey, locale: Locale) {
  return redirectWithToast("/token", { type: "success", ...messageIn(locale, key) });
}

async function verifyTokenAction({ db, userId, formData, locale }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: verifyTokenSchema });
  if (submission.status !== "success") return refused("verify-token", submission.reply({ hideFields: ["password"] }), 400);
  const outcome = await claimToken(db, userId, submission.value.token, submission.value.password);
  if (outcome.ok) return done("token.verified", locale);
  const { key, status } = CLAIM_REFUSALS[outcome.reason];
  return refused("verify-token", submission.reply({ formErrors: [key], hideFields: ["password"] }), status);
}

async function removeTokenAction({ db, userId, formData, locale }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: removeTokenSchema });
  if (submission.status !== "success") return refused("remove-token", submission.reply(), 400);
  const outcome = await removeOwnToken(db, userId, submission.value.tokenId);
  if (outcome.ok) return done("token.removed", locale);
  const inUse = outcome.reason === "in-use";
  return refused("remove-token", submission.reply({ formErrors: [inUse ? "token.removeInUse" : "token.removeFailed"] }), inUse ? 409 : 404);
}

async function addProductAction({ db, userId, formData, locale }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: addProductSchema });
  if (submission.status !== "success") return refused("add-product", submission.reply(), 400);
  const outcome = await addOwnProduct(db, userId, submission.value.name, submission.value.token);
  if (outcome.ok) return done("product.added", locale);
  const limit = outcome.reason === "limit";
  return refused("add-product", submission.reply({ formErrors: [limit ? "product.limit" : "product.invalidToken"] }), limit ? 409 : 400);
}

async function renameProductAction({ db, userId, formData, locale }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: renameProductSchema });
  const productId = String(formData.get("productId") ?? "");
  if (submission.status !== "success") return refused("rename-product", submission.reply(), 400, productId);
  if (await renameOwnProduct(db, userId, submission.value.productId, submission.value.name)) return done("product.renamed", locale);
  return refused("rename-product", submission.reply({ formErrors: ["product.renameFailed"] }), 404, productId);
}

async function deleteProductAction({ db, userId, formData, locale }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: deleteProductSchema });
  if (submission.status !== "success") return refused("delete-product", submission.reply(), 400);
  if (await deleteOwnProduct(db, userId, submission.value.productId)) return done("product.deleted", locale);
  return refused("delete-product", submission.reply({ formErrors: ["product.deleteFailed"] }), 404);
}

async function lockScreenLineAction({ db, userId, formData, locale }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: lockScreenLineSchema });
  if (submission.status !== "success") return refused("lock-screen-line", submission.reply(), 400);
  await saveLockScreenLine(db, userId, submission.value.line);
  return done(submission.value.line === null ? "token.lineReset" : "token.lineSaved", locale);
}

// A card or a reprint: a picture or a PDF, not a page of the app, hence a document redirect.
function lockScreenCardAction({ formData }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: lockScreenCardSchema });
  if (submission.status !== "success") return refused("lock-screen-card", submission.reply(), 400, String(formData.get("token") ?? ""));
  const { token, ...card } = submission.value;
  return redirectDocument(lockScreenCardPath(token, card));
}

async function reprintAction({ db, userId, formData }: IntentArgs) {
  const tokenCount = (await verifiedTokensOf(db, userId)).length;
  const submission = parseWithZod(formData, { schema: reprintSchema(tokenCount) });
  if (submission.status !== "success") return refused("reprint", submission.reply(), 400);
  const { copies, format } = submission.value;
  return redirectDocument(`/token/stickers.${format}?copies=${copies}`);
}

export default function TokenPage({ loaderData, actionData }: Route.ComponentProps) {
  /** The last result of a form, when the post the page answers was that form's. */
  const { t } = useT();
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? (actionData.result ?? undefined) : undefined);
  return (
    <div className="max-w-3xl space-y-10">
      <div>
        <h1 className="text-2xl font-bold">{t("tokenPage.title")}</h1>
        <p className="mt-1 text-slate-700">{t("tokenPage.lead")}</p>
      </div>
      <VerifyToken lastResult={resultFor("verify-token")} />
      <MyTokens tokens={loaderData.tokens} lastResult={resultFor("remove-token")} />
      <ProductRegistry
        products={loaderData.products}
        verifiedTokens={loaderData.verifiedTokens}
        renaming={loaderData.renaming}
        addResult={resultFor("add-product")}
        renameResult={resultFor("rename-product")}
        deleteResult={resultFor("delete-product")}
      />
      <Printables
        verifiedTokens={loaderData.verifiedTokens}
        line={loaderData.lockScreenLine}
        lineResult={resultFor("lock-screen-line")}
        card={actionData?.intent === "lock-screen-card" ? { token: actionData.subject, result: actionData.result } : undefined}
        reprintResult={resultFor("reprint")}
      />
    </div>
  );
}
