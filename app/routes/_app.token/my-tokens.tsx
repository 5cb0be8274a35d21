// My Tokens on /token (spec 001 §5): the owner's stickers, newest first, each with whether it is
// verified, how many products sit on it, and a Remove that asks first (a <details>, so it works
// without JavaScript).
import { Form } from "react-router";
import type { Route } from "./+types/route";
import { ErrorAlert, grouped, useBusy, type LastResult } from "~/routes/_app.token/token-ui";
import { useT } from "~/i18n/use-t";

type OwnToken = Route.ComponentProps["loaderData"]["tokens"][number];

export function MyTokens({ tokens, lastResult }: { tokens: OwnToken[]; lastResult: LastResult }) {
  const { t } = useT();
  const error = lastResult?.error?.[""];
  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title" className="text-xl font-bold">
        {t("tokenPage.myTokens")}
      </h2>
      {error?.length ? (
        <div className="mt-3">
          <ErrorAlert errors={error} fallback="token.removeFailed" />
        </div>
      ) : null}
      {tokens.length === 0 ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{t("tokenPage.noTokens")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TokenRow({ token }: { token: OwnToken }) {
  const { t } = useT();
  const busy = useBusy("remove-token");
  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-testid="my-token">
      <div className="min-w-0 flex-1">
        <p className="font-mono text-lg font-semibold tracking-wide">{grouped(token.token)}</p>
        <p className="text-sm text-slate-600">
          {token.isVerified ? (
            <span className="font-medium text-emerald-800">{t("tokenPage.verified")}</span>
          ) : (
            <span className="font-medium text-amber-800">{t("tokenPage.notVerified")}</span>
          )}
          {token.products ? ` · ${t(token.products === 1 ? "tokenPage.productsOne" : "tokenPage.productsMany", { count: token.products })}` : ""}
        </p>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer list-none rounded-lg px-3 py-2 font-medium text-red-700 hover:bg-red-50">
          {t("tokenPage.remove")}<span className="sr-only"> {t("tokenPage.removeWhich", { token: grouped(token.token) })}</span>
        </summary>
        <Form method="post" action="/token" className="mt-2 max-w-xs rounded-lg border border-red-200 bg-red-50 p-3">
          <input type="hidden" name="tokenId" value={token.id} />
          <p className="text-red-900">{t("tokenPage.removeWarning")}</p>
          <button
            type="submit"
            name="intent"
            value="remove-token"
            disabled={busy}
            className="mt-2 rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {t("tokenPage.removeConfirm", { token: grouped(token.token) })}
          </button>
        </Form>
      </details>
    </li>
  );
}
