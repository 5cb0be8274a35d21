// The link in the developer-mode confirmation mail.
import type { Route } from "./+types/auth_.confirm";
import { confirmEmail } from "~/features/account/password-accounts.server";
import { redirectWithToast } from "~/core/toast.server";
import { dbContext } from "~/core/context";
import { messageIn } from "~/i18n/messages";
import { localeContext } from "~/middleware/i18n";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const secret = new URL(request.url).searchParams.get("token") ?? "";
  if (await confirmEmail(context.get(dbContext), secret)) {
    return redirectWithToast("/auth?tab=signin", { type: "success", ...messageIn(locale, "auth.emailConfirmed") });
  }
  return redirectWithToast("/auth", { type: "error", ...messageIn(locale, "auth.badConfirmLink") });
}
