import { useRootData } from "~/core/hooks/use-root-data";

/** What the marketing parts need from the root loader: the shop, who is signed in, APP_URL. */
export function useSite() {
  const root = useRootData();
  return { shopUrl: root?.shopUrl ?? "#", signedIn: root?.signedIn ?? false, siteUrl: root?.siteUrl ?? "" };
}
