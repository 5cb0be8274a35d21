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

type LoaderData = Route.ComponentProps["loaderData"];
type OwnProduct = LoaderData["products"][number];

type ProductRegistryProps = Pick<LoaderData, "products" | "verifiedTokens" | "renaming"> & {
  addResult: LastResult;
  renameResult: LastResult;
  deleteResult: LastResult;
};

export function ProductRegistry({ products, verifiedTokens, renaming, addResult, renameResult, deleteResult }: ProductRegistryProps) {
  const deleteErrors = deleteResult?.error?.[""];
  return (
    <section aria-labelledby="products-title">
      <h2 id="products-title" className="text-xl font-bold">
        Product Registry
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {products.length} of {MAX_PRODUCTS} products. Finders see their names on your profile.
      </p>
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
        <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">No products registered yet.</p>
      )}
    </section>
  );
}

function ProductRow({ product }: { product: OwnProduct }) {
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
        Rename<span className="sr-only"> {product.name}</span>
      </Link>
      <Form method="post" action="/token">
        <input type="hidden" name="productId" value={product.id} />
        <button type="submit" name="intent" value="delete-product" className="rounded-lg px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50">
          Delete<span className="sr-only"> {product.name}</span>
        </button>
      </Form>
    </li>
  );
}

function AddProduct({ verifiedTokens, lastResult }: { verifiedTokens: string[]; lastResult: LastResult }) {
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
  const tokenErrors = errorTexts(fields.token.errors);
  return (
    <Form method="post" action="/token" {...getFormProps(form)} className="mt-4 space-y-4 rounded-xl border border-slate-200 p-5">
      <h3 className="font-semibold">Register a product</h3>
      <ErrorAlert errors={errors} fallback="product.invalidToken" />
      {verifiedTokens.length === 0 ? (
        <p className="text-sm text-slate-600">Verify a token first: every product sits on one of your verified tokens.</p>
      ) : null}
      <Field
        label="Product name"
        errors={errorTexts(fields.name.errors)}
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
          aria-invalid={tokenErrors?.length ? true : undefined}
          aria-describedby={tokenErrors?.length ? fields.token.errorId : undefined}
          className="mt-1 block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono aria-invalid:border-red-500"
        >
          <option value="">Choose a verified token</option>
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
        {busy ? "Adding…" : "Add Product"}
      </Button>
    </Form>
  );
}

function RenameRow({ product, lastResult }: { product: OwnProduct; lastResult: LastResult }) {
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
          label={`New name for ${product.name}`}
          errors={errorTexts(fields.name.errors)}
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
            {busy ? "Saving…" : "Save"}
          </Button>
          <ButtonLink to="/token" preventScrollReset variant="ghost" size="sm">
            Cancel
          </ButtonLink>
        </div>
      </Form>
    </li>
  );
}
