import type { Route } from "./+types/admin.lookup";
import { PlannedPage } from "~/components/planned-page";
import { requireAdminMiddleware } from "~/features/account/guards.server";
import { TOKEN_LENGTH } from "~/features/stickers/rules";

// Admin checks run on the server for every request to this route; non-admins get 403.
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export const meta = () => [{ title: "Admin lookup | Tagback" }];

export function loader() {
  return null;
}

export default function AdminLookup() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PlannedPage
        title="Admin lookup"
        description="Look up a verified owner's full contact details, and manage demo locations."
        items={[`look up an owner by a ${TOKEN_LENGTH}-digit token or a metro card number`, "add and remove demo locations and see their search logs"]}
      />
    </div>
  );
}
