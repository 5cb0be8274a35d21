// Sign-out: a POST (so another site cannot sign a user out), which deletes the session row and
// clears the cookie; whatever fails, the user still ends on / signed out.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroySession } from "~/features/account/session.server";
import { toastHeader } from "~/core/toast.server";
import { messageIn } from "~/i18n/messages";
import { localeContext } from "~/middleware/i18n";
import { dbContext } from "~/core/context";

export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.get(dbContext), request));
  headers.append("Set-Cookie", await toastHeader({ type: "success", ...messageIn(context.get(localeContext), "common.loggedOut") }));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
