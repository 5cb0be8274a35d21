// The preview of /profile?preview=1: the owner's public profile exactly as a finder's search shows
// it, or 'No Identifiers Found' when no metro card or verified token leads a finder to it. A
// server-rendered dialog (RouteDialog); closing it leads back to /profile.
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { RouteDialog } from "~/components/ui/route-dialog";
import { PublicProfileView } from "~/features/finder/public-profile-view";

type Preview = Route.ComponentProps["loaderData"]["preview"];

export function PreviewDialog({ preview }: { preview: Preview }) {
  return (
    <RouteDialog
      title={preview ? "Your public profile" : "No Identifiers Found"}
      description={preview ? "This is what a finder sees." : undefined}
      titleId="preview-title"
      closeHref="/profile"
    >
      {preview ? <PublicProfileView profile={preview} /> : <NoIdentifiers />}
    </RouteDialog>
  );
}

function NoIdentifiers() {
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>A finder reaches your profile by your metro card number or a verified Tagback token. You have neither yet.</p>
      <p>
        <Link to="/profile?edit=1" className="font-semibold text-brand-700 underline">
          Add a metro card number
        </Link>{" "}
        or{" "}
        <Link to="/token" className="font-semibold text-brand-700 underline">
          verify a token
        </Link>
        .
      </p>
    </div>
  );
}
