import { data } from "react-router";
import { NotFound } from "~/components/not-found";

export const handle = { hydrate: false };

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found | Tagback" }];

export default function NotFoundRoute() {
  return <NotFound />;
}
