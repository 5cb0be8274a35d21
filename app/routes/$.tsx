import { data } from "react-router";
import type { Route } from "./+types/$";
import { NotFound } from "~/components/not-found";
import { metaT } from "~/i18n/use-t";

export const handle = { hydrate: false };

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches).t("site.notFoundMetaTitle") }];

export default function NotFoundRoute() {
  return <NotFound />;
}
