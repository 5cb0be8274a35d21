// The Product Registry on /token (spec 001 §5 "Products"): up to MAX_PRODUCTS named things, each
// on one of the owner's verified tokens; add, rename inline (?rename=<id>, so it works without
// JavaScript) and delete.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { Field } from "~/components/ui/field";
import { MAX_PRODUCTS, PRODUCT_NAME_MAX, PRODUCT_RENAME_MAX } from "~/features/stickers/rules";
import { addProductSchema, renameProductSchema } from "~/routes/_app.token/token-forms";
import { ErrorAlert, errorTexts, grouped, useBusy, type LastResult } from "~/routes/_app.token/token-ui";
import { Button, ButtonLink } from "~/components/ui/button";
import { useT } from "~/i18n/use-t";

type LoaderData = Route.ComponentProps["loaderData"];
type OwnProduct = LoaderData["products"][number];

type ProductRegistryProps = Pick<LoaderData, "products" | "verifiedTokens" | "renaming"> & {
  addResult: LastResult;
  renameResult: LastResult;
  deleteResult: LastResult;
};

export function ProductRegistry({ products, verifiedTokens, renaming, addResult, renameResult, deleteResult }: ProductRegistryProps) {
  const { t } = useT();
  const deleteErrors = deleteResult?.error?.[""];
  return (
    <section aria-labelledby="products-title">
      <h2 id="products-title" className="text-xl font-bold">
        {t("tokenPage.registry")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("tokenPage.registryCount", { count: products.length, max: MAX_PRODUCTS })}</p>
      <AddProduct verifiedTokens={verifiedTokens} lastResult={addResult} />
      {deleteErrors?.length ? (
        <div className="mt-3">
          <ErrorAlert errors={deleteErrors} fallback="product.deleteFailed" />
        </div>
      ) : null}
      {products.length ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {products.map((product) =>
            product.id === renaming ? (
              <RenameRow key={product.id} product={product} lastResult={renameResult} />
            ) : (
              <ProductRow key={product.id} product={product} />
            ),
          )}
        </ul>
      ) : (
        <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{t("tokenPage.noProducts")}</p>
      )}
    </section>
  );
}

function ProductRow({ product }: { product: OwnProduct }) {
  const { t } = useT();
  return (
    <li className="flex flex-wrap items-center gap-2 p-3" data-testid="product-row">
      <div className="min-w-0 flex-1">
        <p className="break-words font-semibold">{product.name}</p>
        <p className="font-mono text-sm text-slate-600">{grouped(product.token)}</p>
      </div>
      <Link
        to={`/token?rename=${encodeURIComponent(product.id)}`}
        preventScrollReset
        className="rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
      >
        {t("tokenPage.rename")}<span className="sr-only"> {product.name}</span>
      </Link>
      <Form method="post" action="/token">
        <input type="hidden" name="productId" value={product.id} />
        <button type="submit" name="intent" value="delete-product" className="rounded-lg px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50">
          {t("tokenPage.delete")}<span className="sr-only"> {product.name}</span>
        </button>
      </Form>
    </li>
  );
}

function AddProduct({ verifiedTokens, lastResult }: { verifiedTokens: string[]; lastResult: LastResult }) {
  const { t, locale } = useT();
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
  const tokenErrors = errorTexts(fields.token.errors, locale);
  return (
    <Form method="post" action="/token" {...getFormProps(form)} className="mt-4 space-y-4 rounded-xl border border-slate-200 p-5">
      <h3 className="font-semibold">{t("tokenPage.registerTitle")}</h3>
      <ErrorAlert errors={errors} fallback="product.invalidToken" />
      {verifiedTokens.length === 0 ? (
        <p className="text-sm text-slate-600">{t("tokenPage.productNeedsToken")}</p>
      ) : null}
      <Field
        label={t("tokenPage.productName")}
        errors={errorTexts(fields.name.errors, locale)}
        errorId={fields.name.errorId}
        hint={t("tokenPage.productNameHint", { max: PRODUCT_NAME_MAX })}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: PRODUCT_NAME_MAX, autoComplete: "off" }}
      />
      <div>
        <label htmlFor={fields.token.id} className="block text-sm font-medium text-slate-800">
          {t("tokenPage.stickerToken")}
        </label>
        <select
          id={tokenSelectProps.id}
          name={tokenSelectProps.name}
          key={tokenSelectProps.key}
          defaultValue={typeof fields.token.initialValue === "string" ? fields.token.initialValue : ""}
          aria-invalid={tokenErrors?.length ? true : undefined}
          aria-describedby={tokenErrors?.length ? fields.token.errorId : undefined}
          className="mt-1 block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono aria-invalid:border-red-500"
        >
          <option value="">{t("tokenPage.chooseToken")}</option>
          {verifiedTokens.map((token) => (
            <option key={token} value={token}>
              {grouped(token)}
            </option>
          ))}
        </select>
        {tokenErrors?.length ? (
          <p id={fields.token.errorId} className="mt-1 text-sm text-red-700">
            {tokenErrors.join(" ")}
          </p>
        ) : null}
      </div>
      <Button
        type="submit"
        name="intent"
        value="add-product"
        disabled={busy}
        size="lg"
      >
        {t(busy ? "tokenPage.adding" : "tokenPage.add")}
      </Button>
    </Form>
  );
}

function RenameRow({ product, lastResult }: { product: OwnProduct; lastResult: LastResult }) {
  const { t, locale } = useT();
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
        <ErrorAlert errors={errors} fallback="product.renameFailed" />
        <input type="hidden" name="productId" value={product.id} />
        <Field
          label={t("tokenPage.newName", { name: product.name })}
          errors={errorTexts(fields.name.errors, locale)}
          errorId={fields.name.errorId}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: PRODUCT_RENAME_MAX, autoComplete: "off", autoFocus: true }}
        />
        <div className="flex gap-2">
          <Button
            type="submit"
            name="intent"
            value="rename-product"
            disabled={busy}
            size="sm"
          >
            {t(busy ? "profilePage.saving" : "profilePage.save")}
          </Button>
          <ButtonLink to="/token" preventScrollReset variant="ghost" size="sm">
            {t("profilePage.cancel")}
          </ButtonLink>
        </div>
      </Form>
    </li>
  );
}
