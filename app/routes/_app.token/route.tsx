// /token (spec 001 §2 "Token page", §4, §5): Verify Token, My Tokens and the Product Registry.
// Five forms share the route, each with a named intent; ids posted by a form are only ever used
// together with the session's user id.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { TokenInput } from "~/routes/_app.token/token-input";
import { Field, FormAlert } from "~/components/ui/field";
import { requireUser } from "~/features/account/guards.server";
import { dbContext } from "~/core/context";
import { verifiedTokensOf } from "~/features/stickers/tokens.server";
import { claimToken, listOwnTokens, removeOwnToken } from "~/routes/_app.token/owner-tokens.server";
import { addOwnProduct, deleteOwnProduct, listOwnProducts, renameOwnProduct } from "~/routes/_app.token/products.server";
import { readForm, unknownIntent } from "~/core/read-form.server";
import { redirectWithToast } from "~/core/toast.server";
import {
  addProductSchema,
  deleteProductSchema,
  MAX_PRODUCTS,
  PRODUCT_MESSAGES,
  PRODUCT_NAME_MAX,
  PRODUCT_RENAME_MAX,
  removeTokenSchema,
  renameProductSchema,
  titleFor,
  TOKEN_MESSAGES,
  TOKEN_PASSWORD_MAX,
  verifyTokenSchema,
} from "~/routes/_app.token/token-forms";

export const meta: Route.MetaFunction = () => [{ title: "Tagback Token | Tagback" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = requireUser({ request, context }).id;
  const db = context.get(dbContext);
  const [tokens, products, verifiedTokens] = await Promise.all([
    listOwnTokens(db, userId),
    listOwnProducts(db, userId),
    verifiedTokensOf(db, userId),
  ]);
  const renaming = new URL(request.url).searchParams.get("rename");
  return {
    tokens: tokens.map((token) => ({ ...token, createdAt: token.createdAt.toISOString() })),
    products: products.map((product) => ({ ...product, createdAt: product.createdAt.toISOString() })),
    verifiedTokens,
    renaming: products.some((product) => product.id === renaming) ? renaming : null,
  };
}

type Intent = "verify-token" | "remove-token" | "add-product" | "rename-product" | "delete-product";

function refused(intent: Intent, result: SubmissionResult<string[]>, status: number, productId: string | null = null) {
  return data({ intent, result, productId, error: null }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = requireUser({ request, context }).id;
  const db = context.get(dbContext);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  switch (intent) {
    case "verify-token": {
      const submission = parseWithZod(formData, { schema: verifyTokenSchema });
      if (submission.status !== "success") return refused(intent, submission.reply({ hideFields: ["password"] }), 400);
      const { token, password } = submission.value;
      const outcome = await claimToken(db, userId, token, password);
      if (outcome.ok) return redirectWithToast("/token", { type: "success", ...TOKEN_MESSAGES.verified });
      const message = {
        unknown: TOKEN_MESSAGES.unknown,
        taken: TOKEN_MESSAGES.taken,
        wrong: TOKEN_MESSAGES.wrong,
        "already-yours": TOKEN_MESSAGES.alreadyYours,
        locked: TOKEN_MESSAGES.locked,
      }[outcome.reason];
      const status = { unknown: 404, taken: 409, wrong: 400, "already-yours": 409, locked: 429 }[outcome.reason];
      return refused(intent, submission.reply({ formErrors: [message.description], hideFields: ["password"] }), status);
    }

    case "remove-token": {
      const submission = parseWithZod(formData, { schema: removeTokenSchema });
      if (submission.status !== "success") return refused(intent, submission.reply(), 400);
      const outcome = await removeOwnToken(db, userId, submission.value.tokenId);
      if (outcome.ok) return redirectWithToast("/token", { type: "success", ...TOKEN_MESSAGES.removed });
      const message = outcome.reason === "in-use" ? TOKEN_MESSAGES.removeInUse : TOKEN_MESSAGES.removeFailed;
      return refused(intent, submission.reply({ formErrors: [message.description] }), outcome.reason === "in-use" ? 409 : 404);
    }

    case "add-product": {
      const submission = parseWithZod(formData, { schema: addProductSchema });
      if (submission.status !== "success") return refused(intent, submission.reply(), 400);
      const outcome = await addOwnProduct(db, userId, submission.value.name, submission.value.token);
      if (outcome.ok) return redirectWithToast("/token", { type: "success", ...PRODUCT_MESSAGES.added });
      const message = outcome.reason === "limit" ? PRODUCT_MESSAGES.limit : PRODUCT_MESSAGES.invalidToken;
      return refused(intent, submission.reply({ formErrors: [message.description] }), outcome.reason === "limit" ? 409 : 400);
    }

    case "rename-product": {
      const submission = parseWithZod(formData, { schema: renameProductSchema });
      const productId = String(formData.get("productId") ?? "");
      if (submission.status !== "success") return refused(intent, submission.reply(), 400, productId);
      if (await renameOwnProduct(db, userId, submission.value.productId, submission.value.name)) {
        return redirectWithToast("/token", { type: "success", ...PRODUCT_MESSAGES.renamed });
      }
      return refused(intent, submission.reply({ formErrors: [PRODUCT_MESSAGES.renameFailed.description] }), 404, productId);
    }

    case "delete-product": {
      const submission = parseWithZod(formData, { schema: deleteProductSchema });
      if (submission.status !== "success") return refused(intent, submission.reply(), 400);
      if (await deleteOwnProduct(db, userId, submission.value.productId)) {
        return redirectWithToast("/token", { type: "success", ...PRODUCT_MESSAGES.deleted });
      }
      return refused(intent, submission.reply({ formErrors: [PRODUCT_MESSAGES.deleteFailed.description] }), 404);
    }

    default:
      return unknownIntent();
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

/** "123456789012" → "1234-5678-9012" */
function grouped(token: string) {
  return (token.match(/\d{1,4}/g) ?? []).join("-");
}

function resultFor(actionData: ActionData, intent: Intent) {
  return actionData && actionData.intent === intent ? (actionData.result ?? undefined) : undefined;
}

function FormErrors({ errors }: { errors?: string[] }) {
  const first = errors?.[0];
  return first ? <FormAlert title={titleFor(first)} description={first} /> : null;
}

function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export default function TokenPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl space-y-10">
      <div>
        <h1 className="text-2xl font-bold">Tagback Token</h1>
        <p className="mt-1 text-slate-700">Claim the stickers you bought and register the things they are on.</p>
      </div>
      <VerifyToken lastResult={resultFor(actionData, "verify-token")} />
      <MyTokens tokens={loaderData.tokens} lastResult={resultFor(actionData, "remove-token")} />
      <ProductRegistry data={loaderData} actionData={actionData} />
    </div>
  );
}

function VerifyToken({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const busy = useBusy("verify-token");
  const [form, fields] = useForm({
    id: "verify-token",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyTokenSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [digitCount, setDigitCount] = useState<number | null>(null);
  const [passwordFilled, setPasswordFilled] = useState<boolean | null>(null);
  // A refused password is not kept in the field (the server does not send it back either).
  useEffect(() => {
    if (!lastResult) return;
    const password = document.getElementById(fields.password.id);
    if (password instanceof HTMLInputElement) password.value = "";
    setPasswordFilled(false);
  }, [lastResult, fields.password.id]);
  const posted = lastResult?.initialValue?.token;
  const defaultToken = (Array.isArray(posted) ? posted.join("") : typeof posted === "string" ? posted : "").replace(/\D/g, "").slice(0, 12);
  // With JavaScript the button waits until all 12 digits and a password are there.
  const incomplete = digitCount !== null && (digitCount < 12 || !passwordFilled);
  return (
    <section aria-labelledby="verify-title" className="sm:rounded-xl sm:border sm:border-slate-200 sm:p-5">
      <h2 id="verify-title" className="text-xl font-bold">
        Verify Token
      </h2>
      <p className="mt-1 text-sm text-slate-600">Enter the 12-digit token and the password from your sticker's card.</p>
      <Form method="post" action="/token" {...getFormProps(form)} className="mt-4 space-y-4">
        <FormErrors errors={form.errors} />
        <TokenInput defaultValue={defaultToken} errors={fields.token.errors} errorId={fields.token.errorId} onCountChange={setDigitCount} />
        <Field
          label="Password"
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          hint="Digits only, up to 10."
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            inputMode: "numeric",
            maxLength: TOKEN_PASSWORD_MAX,
            autoComplete: "off",
            onInput: (event) => setPasswordFilled(event.currentTarget.value !== ""),
          }}
        />
        <button
          type="submit"
          name="intent"
          value="verify-token"
          disabled={busy || incomplete}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? "Verifying…" : "Verify Token"}
        </button>
      </Form>
    </section>
  );
}

function MyTokens({ tokens, lastResult }: { tokens: LoaderData["tokens"]; lastResult?: SubmissionResult<string[]> }) {
  const busy = useBusy("remove-token");
  const error = lastResult?.error?.[""]?.[0];
  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title" className="text-xl font-bold">
        My Tokens
      </h2>
      {error ? (
        <div className="mt-3">
          <FormAlert title={titleFor(error)} description={error} />
        </div>
      ) : null}
      {tokens.length === 0 ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">You have no tokens yet. Verify one above.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="my-token">
              <div className="min-w-0 flex-1">
                <p className="font-mono text-lg font-semibold tracking-wide">{grouped(token.token)}</p>
                <p className="text-sm text-slate-600">
                  {token.isVerified ? (
                    <span className="font-medium text-emerald-800">Verified</span>
                  ) : (
                    <span className="font-medium text-amber-800">Not verified: enter its password above</span>
                  )}
                  {token.products ? ` · ${token.products} ${token.products === 1 ? "product" : "products"}` : ""}
                </p>
              </div>
              <details className="text-sm">
                <summary className="cursor-pointer list-none rounded-lg px-3 py-2 font-medium text-red-700 hover:bg-red-50">
                  Remove<span className="sr-only"> token {grouped(token.token)}</span>
                </summary>
                <Form method="post" action="/token" className="mt-2 max-w-xs rounded-lg border border-red-200 bg-red-50 p-3">
                  <input type="hidden" name="tokenId" value={token.id} />
                  <p className="text-red-900">It stops pointing to you. Anyone with its password can claim it.</p>
                  <button
                    type="submit"
                    name="intent"
                    value="remove-token"
                    disabled={busy}
                    className="mt-2 rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                  >
                    Yes, remove {grouped(token.token)}
                  </button>
                </Form>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProductRegistry({ data: loaderData, actionData }: { data: LoaderData; actionData: ActionData }) {
  const { products, verifiedTokens, renaming } = loaderData;
  const deleteError = resultFor(actionData, "delete-product")?.error?.[""]?.[0];
  return (
    <section aria-labelledby="products-title">
      <h2 id="products-title" className="text-xl font-bold">
        Product Registry
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {products.length} of {MAX_PRODUCTS} products. Finders see their names on your profile.
      </p>
      <AddProduct verifiedTokens={verifiedTokens} lastResult={resultFor(actionData, "add-product")} />
      {deleteError ? (
        <div className="mt-3">
          <FormAlert title={titleFor(deleteError)} description={deleteError} />
        </div>
      ) : null}
      {products.length ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {products.map((product) =>
            product.id === renaming ? (
              <RenameRow key={product.id} product={product} lastResult={actionData?.intent === "rename-product" ? (actionData.result ?? undefined) : undefined} />
            ) : (
              <li key={product.id} className="flex flex-wrap items-center gap-2 p-3" data-testid="product-row">
                <div className="min-w-0 flex-1">
                  <p className="break-words font-semibold">{product.name}</p>
                  <p className="font-mono text-sm text-slate-600">{grouped(product.token)}</p>
                </div>
                <Link
                  to={`/token?rename=${encodeURIComponent(product.id)}`}
                  preventScrollReset
                  className="rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
                >
                  Rename<span className="sr-only"> {product.name}</span>
                </Link>
                <Form method="post" action="/token">
                  <input type="hidden" name="productId" value={product.id} />
                  <button type="submit" name="intent" value="delete-product" className="rounded-lg px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50">
                    Delete<span className="sr-only"> {product.name}</span>
                  </button>
                </Form>
              </li>
            ),
          )}
        </ul>
      ) : (
        <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">No products registered yet.</p>
      )}
    </section>
  );
}

function AddProduct({ verifiedTokens, lastResult }: { verifiedTokens: string[]; lastResult?: SubmissionResult<string[]> }) {
  const busy = useBusy("add-product");
  const [form, fields] = useForm({
    id: "add-product",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addProductSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const errors = [...(form.errors ?? []), ...(fields.name.errors ?? []), ...(fields.token.errors ?? [])];
  const tokenSelectProps = getInputProps(fields.token, { type: "text" });
  return (
    <Form method="post" action="/token" {...getFormProps(form)} className="mt-4 space-y-4 rounded-xl border border-slate-200 p-5">
      <h3 className="font-semibold">Register a product</h3>
      {errors[0] ? <FormAlert title={titleFor(errors[0])} description={errors[0]} /> : null}
      {verifiedTokens.length === 0 ? (
        <p className="text-sm text-slate-600">Verify a token first: every product sits on one of your verified tokens.</p>
      ) : null}
      <Field
        label="Product name"
        errors={fields.name.errors}
        errorId={fields.name.errorId}
        hint={`Up to ${PRODUCT_NAME_MAX} characters, e.g. Laptop or Keys.`}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: PRODUCT_NAME_MAX, autoComplete: "off" }}
      />
      <div>
        <label htmlFor={fields.token.id} className="block text-sm font-medium text-slate-800">
          Sticker token
        </label>
        <select
          id={tokenSelectProps.id}
          name={tokenSelectProps.name}
          key={tokenSelectProps.key}
          defaultValue={typeof fields.token.initialValue === "string" ? fields.token.initialValue : ""}
          aria-invalid={fields.token.errors?.length ? true : undefined}
          aria-describedby={fields.token.errors?.length ? fields.token.errorId : undefined}
          className="mt-1 block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono aria-invalid:border-red-500"
        >
          <option value="">Choose a verified token</option>
          {verifiedTokens.map((token) => (
            <option key={token} value={token}>
              {grouped(token)}
            </option>
          ))}
        </select>
        {fields.token.errors?.length ? (
          <p id={fields.token.errorId} className="mt-1 text-sm text-red-700">
            {fields.token.errors.join(" ")}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        name="intent"
        value="add-product"
        disabled={busy}
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? "Adding…" : "Add Product"}
      </button>
    </Form>
  );
}

function RenameRow({ product, lastResult }: { product: LoaderData["products"][number]; lastResult?: SubmissionResult<string[]> }) {
  const busy = useBusy("rename-product");
  const [form, fields] = useForm({
    id: `rename-${product.id}`,
    lastResult,
    defaultValue: { name: product.name, productId: product.id },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renameProductSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const errors = [...(form.errors ?? []), ...(fields.name.errors ?? [])];
  return (
    <li className="p-3" data-testid="product-row">
      <Form method="post" action={`/token?rename=${encodeURIComponent(product.id)}`} {...getFormProps(form)} className="space-y-3">
        {errors[0] ? <FormAlert title={titleFor(errors[0], "Rename Failed")} description={errors[0]} /> : null}
        <input type="hidden" name="productId" value={product.id} />
        <Field
          label={`New name for ${product.name}`}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: PRODUCT_RENAME_MAX, autoComplete: "off", autoFocus: true }}
        />
        <div className="flex gap-2">
          <button
            type="submit"
            name="intent"
            value="rename-product"
            disabled={busy}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {busy ? "Saving…" : "Save"}
          </button>
          <Link to="/token" preventScrollReset className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Cancel
          </Link>
        </div>
      </Form>
    </li>
  );
}
