import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** What the marketing parts need from the root loader: the shop, who is signed in, APP_URL. */
export function useSite() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return { shopUrl: root?.shopUrl ?? "#", signedIn: root?.signedIn ?? false, siteUrl: root?.siteUrl ?? "" };
}
