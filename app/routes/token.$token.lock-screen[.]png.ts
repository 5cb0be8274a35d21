// GET /token/:token/lock-screen.png?size=WxH&style=dark: a lock-screen wallpaper of one of the
// signed-in owner's verified tokens (features/stickers/lock-screen-card.server.ts), drawn in the
// print worker. Anyone else's token, or an unverified one, is 404 — whether it exists is not said.
import type { Route } from "./+types/token.$token.lock-screen[.]png";
import { dbContext } from "~/core/context";
import { getEnv } from "~/core/env.server";
import { NO_STORE } from "~/core/no-store";
import { requireUser } from "~/features/account/guards.server";
import { parseLockScreenRequest } from "~/features/stickers/lock-screen";
import { tokenUrl } from "~/features/stickers/mint.server";
import { cardLineOf, isOwnVerifiedToken, printFor, refuseWhenBusy, refusal } from "~/features/stickers/printables.server";
import { renderLockScreenPng } from "~/features/stickers/sheet-jobs.server";
import { localeContext } from "~/middleware/i18n";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const db = context.get(dbContext);
  const token = params.token;
  const locale = context.get(localeContext);
  if (!(await isOwnVerifiedToken(db, user.id, token))) throw refusal("token.notYourToken", 404, locale);
  const parsed = parseLockScreenRequest(new URL(request.url).searchParams);
  if (!parsed.ok) throw refusal(parsed.problems[0]!.key, 400, locale);
  const { width, height, style } = parsed.value;
  const line = await cardLineOf(db, user.id);
  const card = { token, url: tokenUrl(getEnv().APP_URL, token), line, width, height, style };
  const png = await printFor(db, user.id, locale, () => renderLockScreenPng(card).catch(refuseWhenBusy(locale)));
  return new Response(png, {
    headers: {
      "Content-Type": "image/png",
      // Shown rather than saved: on a phone, long-press the picture to keep it (iPhones set
      // wallpapers from Photos, which a download to Files does not reach).
      "Content-Disposition": `inline; filename="tagback-lock-screen-${token}-${width}x${height}${style === "dark" ? "-dark" : ""}.png"`,
      ...NO_STORE,
    },
  });
}
