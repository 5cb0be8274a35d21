import { data } from "react-router";
import { messageIn } from "~/i18n/messages";
import { localeOf } from "~/middleware/i18n";

/**
 * The posted form, or a 400 thrown for a body that is not a form (JSON, broken multipart): bad
 * input, never a 500. Said in the request's language, like the refusals before the app
 * (server/refusals.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(messageIn(await localeOf(request), "refusal.badForm").title, { status: 400 });
  }
}

/** The answer to an intent no form of the route sends. */
export function unknownIntent() {
  return data({ intent: null, result: null, error: "common.unknownAction" } as const, { status: 400 });
}
