import type { Route } from "./+types/_index";
import { Landing } from "~/components/landing";
import { requireAnonymous } from "~/lib/auth.server";

export const meta: Route.MetaFunction = () => [
  { title: "Tagback | QR stickers that bring lost things home" },
  {
    name: "description",
    content:
      "Put a Tagback QR sticker on your metro card, laptop, keys or bag. Whoever finds it scans the code and reaches you - no app, no account.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in user does not stay on the landing page.
  await requireAnonymous(request);
  return null;
}

export default function Index() {
  return <Landing />;
}
