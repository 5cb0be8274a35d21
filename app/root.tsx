import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useNavigationType,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

// The stylesheets' text, in the server's bundle only: a page that is not hydrated carries it
// inline (decision 018), a scan result only the part it uses (decision 029); the browser's
// JavaScript never needs them.
const inlineCss: string = import.meta.env.SSR ? (await import("./app.css?inline")).default : "";
const resultPageCss: string = import.meta.env.SSR ? (await import("./result-page.css?inline")).default : "";
import { NotFound } from "~/components/not-found";
import { ButtonLink } from "~/components/ui/button";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { FloatingActions } from "~/features/marketing/floating-actions";
import { sessionMiddleware, userContext } from "~/middleware/session";
import { i18nMiddleware, localeContext } from "~/middleware/i18n";
import { matchedRouteMiddleware } from "~/middleware/matched-route";
import { useT } from "~/i18n/use-t";
import { loadCatalogue } from "~/i18n/messages";
import { isLocale } from "~/core/locale";
import { getEnv } from "~/core/env.server";
import { useNonce } from "~/core/nonce";
import { readToast } from "~/core/toast.server";
import { documentHydration, RELEASE_ON_LOAD } from "~/core/hydrate-on-load";
import { WATCH_LEAVING } from "~/core/start-up";
import { markHydrated } from "~/core/hooks/use-hydrated";
import type { RootData } from "~/core/hooks/use-root-data";
import type { RouteHandle } from "~/core/route-handle";
import resultPageScript from "virtual:result-page-script";

// Pages without their own meta (the sign-in return, e-mail confirmation) still get a description.
export const meta: Route.MetaFunction = () => [
  { title: "Tagback" },
  { name: "description", content: "Tagback QR stickers bring lost metro cards, laptops, keys and bags home: finders scan with any phone, no app." },
];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * A page may be kept for every anonymous visitor (decisions 029 and 031) only when the root
 * rendered nothing of this visitor's: no toast, nobody signed in. Decided from the data the render
 * used, however the request's cookies were spelled.
 */
export const handle: RouteHandle = {
  keep: (loaderData) => {
    const root = loaderData as RootData | undefined;
    return root?.toast || root?.signedIn ? null : "";
  },
};

export const middleware: Route.MiddlewareFunction[] = [matchedRouteMiddleware, sessionMiddleware, i18nMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv();
  const { toast, headers } = await readToast(request);
  return data(
    {
      toast,
      shopUrl: env.SHOP_URL,
      siteUrl: env.APP_URL,
      gaMeasurementId: env.GA_MEASUREMENT_ID ?? null,
      signedIn: Boolean(context.get(userContext)),
      locale: context.get(localeContext),
    } satisfies RootData,
    { headers },
  );
}

/**
 * In the browser, after hydration: a navigation whose page is in another language (the language
 * switch, a link with `?hl=`) waits for that language's catalogue, so the new page never shows in
 * English first (app/i18n/messages.ts). A catalogue that cannot be loaded leaves English.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const rootData = await serverLoader();
  if (isLocale(rootData.locale)) await loadCatalogue(rootData.locale).catch(() => undefined);
  return rootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const handles = matches.map((match) => [match.handle as RouteHandle | undefined, match.loaderData] as const);
  const resultPage = handles.some(([handle, loaderData]) => handle?.resultPage?.(loaderData) === true);
  // In the browser the page is hydrated by definition: a client navigation to a result keeps the
  // router running. Only a document the server renders can go without.
  const hydration = documentHydration(handles);
  const hydrate = typeof document !== "undefined" || hydration !== "none";
  const signedIn = rootData?.signedIn ?? false;
  const contentPage = handles.some(([handle]) => handle?.contentPage === true);
  const blogSection = handles.some(([handle, loaderData]) => handle?.blogSection?.(loaderData) === true);
  const { t, locale } = useT();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d5fd1" />
        {hydrate ? (
          // First in the document, before any script can start the router: a form sent or a link
          // followed from here on is noted, so the start-up does not cancel it (core/start-up.ts).
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: WATCH_LEAVING }} />
        ) : null}
        {hydrate ? (
          // With a precedence React writes the stylesheet before the module preloads it hoists into
          // <head>; without one it came after ~30 of them, and on a slow link the render-blocking
          // CSS waited behind the JavaScript.
          <link rel="stylesheet" href={stylesheet} precedence="default" />
        ) : (
          // A page React never runs in the browser (a scan result, the blog post, the puzzle, the
          // legal pages): the CSS inline, so the first paint waits for no request. Allowed by its
          // hash (server/inline-css.ts); decision 018.
          <style>{resultPage ? resultPageCss : inlineCss}</style>
        )}
        <Meta />
        <Links />
        {rootData?.gaMeasurementId ? <Analytics id={rootData.gaMeasurementId} nonce={nonce} /> : null}
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          {t("site.skipToContent")}
        </a>
        <SiteHeader shopUrl={rootData?.shopUrl ?? "#"} signedIn={signedIn} compact={resultPage} blogSection={blogSection} />
        <Toaster toast={rootData?.toast ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter shopUrl={rootData?.shopUrl ?? "#"} siteUrl={rootData?.siteUrl ?? ""} compact={resultPage} />
        {signedIn && contentPage ? <FloatingActions shopUrl={rootData?.shopUrl ?? "#"} signedIn /> : null}
        {hydration === "on-load" ? (
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RELEASE_ON_LOAD }} />
        ) : null}
        {hydrate ? <Scripts /> : resultPage ? <script type="module" src={resultPageScript} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  const { gaMeasurementId } = useRouteLoaderData<typeof loader>("root") ?? {};
  useScrollToTop();
  usePageViews(gaMeasurementId ?? null);
  // Says the page is React's now: what the late-script tests wait for (tests/e2e/late-scripts.ts).
  useEffect(() => {
    markHydrated();
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/**
 * Each route change scrolls to the top after 100 ms, unless the query names a search `type` (the
 * spec). A route is a path: a new query on the same page — a product's rename field, a filter, the
 * blog's search, a form's answer — is what the single-page original kept in the page, and the
 * page stays where the person is (decision 041).
 */
function useScrollToTop() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Only a new path starts the timer; the query and the rest are read as they are then.
  useEffect(() => {
    if (navigationType === "POP") return;
    if (new URLSearchParams(location.search).has("type")) return;
    if (location.hash) return;
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: "instant" }), 100);
    return () => clearTimeout(timer);
  }, [location.pathname]);
}

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

function usePageViews(measurementId: string | null) {
  const location = useLocation();
  useEffect(() => {
    if (!measurementId) return;
    window.gtag?.("event", "page_view", { page_path: location.pathname + location.search, send_to: measurementId });
  }, [measurementId, location.pathname, location.search]);
}

function Analytics({ id, nonce }: { id: string; nonce: string }) {
  // The first page view is sent by usePageViews like every later one.
  const setup = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}window.gtag=gtag;gtag('js',new Date());gtag('config',${JSON.stringify(id)},{send_page_view:false});`;
  return (
    <>
      <script async nonce={nonce} src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: setup }} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500 ? error.data : t("site.errorText");
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-600">{t("site.errorStatus", { status: String(status) })}</p>
      <h1 className="mt-2 text-2xl font-bold">{status === 403 ? t("site.accessDenied") : t("site.errorTitle")}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <ButtonLink href="/" className="mt-8">
        {t("site.returnHome")}
      </ButtonLink>
    </section>
  );
}
