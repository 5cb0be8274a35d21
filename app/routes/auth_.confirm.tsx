// The link in the developer-mode confirmation mail.
import type { Route } from "./+types/auth_.confirm";
import { confirmEmail } from "~/features/account/password-accounts.server";
import { redirectWithToast } from "~/core/toast.server";
import { dbContext } from "~/core/context";
import { message } from "~/i18n/messages";

export async function loader({ request, context }: Route.LoaderArgs) {
  const secret = new URL(request.url).searchParams.get("token") ?? "";
  if (await confirmEmail(context.get(dbContext), secret)) {
    return redirectWithToast("/auth?tab=signin", { type: "success", ...message("auth.emailConfirmed") });
  }
  return redirectWithToast("/auth", { type: "error", ...message("auth.badConfirmLink") });
}
