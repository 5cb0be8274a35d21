// What the root loader (root.tsx) gives every page, typed here so that the features and routes that
// read it need not import the root route; the root's loader is checked against this type.
import { useRouteLoaderData } from "react-router";
import type { Toast } from "~/core/toast.server";
import type { Locale } from "~/core/locale";

export type RootData = {
  toast: Toast | null;
  shopUrl: string;
  /** The public origin (APP_URL): absolute URLs for share links and Open Graph tags. */
  siteUrl: string;
  gaMeasurementId: string | null;
  signedIn: boolean;
  /** The request's language (middleware/i18n.ts); useT() reads it. */
  locale: Locale;
};

/** The root loader's data (undefined only where the root's loader has not run, as in an error page). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
