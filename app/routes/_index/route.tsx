import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/route";
import { FinderDialog } from "~/features/finder/finder-search";
import { Landing } from "~/routes/_index/landing";
import { requireAnonymous } from "~/features/account/guards.server";
import { finderMeta, finderShouldRevalidate } from "~/features/finder/finder";
import { finderAction, finderHeaders, finderLoader } from "~/features/finder/finder-route.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  finderMeta(loaderData, {
    title: "Tagback | QR stickers that bring lost things home",
    description:
      "Put a Tagback QR sticker on your metro card, laptop, keys or bag. Whoever finds it scans the code and reaches you - no app, no account.",
  });

// The finder search runs here, so a sticker scan (/?t=TOKEN) gets the owner in the first HTML.
export async function loader(args: Route.LoaderArgs) {
  // A signed-in user does not stay on the landing page.
  requireAnonymous(args);
  return finderLoader(args);
}

export const action = finderAction;
export const headers = finderHeaders;
export const shouldRevalidate = finderShouldRevalidate;

export default function Index() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <FinderDialog data={data} actionData={actionData} closeHref="/#find-owner" />
      <Landing finder={data} />
    </>
  );
}
