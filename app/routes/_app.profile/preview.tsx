// The preview of /profile?preview=1: the owner's public profile exactly as a finder's search shows
// it, or 'No Identifiers Found' when no metro card or verified token leads a finder to it. A
// server-rendered dialog (RouteDialog); closing it leads back to /profile.
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { RouteDialog } from "~/components/ui/route-dialog";
import { PublicProfileView } from "~/features/finder/public-profile-view";
import { SlottedText } from "~/components/ui/slotted-text";
import { useT } from "~/i18n/use-t";

type Preview = Route.ComponentProps["loaderData"]["preview"];

export function PreviewDialog({ preview }: { preview: Preview }) {
  const { t } = useT();
  return (
    <RouteDialog
      title={t(preview ? "profilePage.previewTitle" : "profilePage.noIdentifiers")}
      description={preview ? t("profilePage.previewLead") : undefined}
      closeLabel={t("scan.close")}
      titleId="preview-title"
      closeHref="/profile"
    >
      {preview ? <PublicProfileView profile={preview} /> : <NoIdentifiers />}
    </RouteDialog>
  );
}

function NoIdentifiers() {
  const { t } = useT();
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>{t("profilePage.noIdentifiersLead")}</p>
      <p>
        <SlottedText
          text={t("profilePage.noIdentifiersNext")}
          slots={{
            metro: (
              <Link to="/profile?edit=1" className="font-semibold text-brand-700 underline">
                {t("profilePage.addMetroCard")}
              </Link>
            ),
            token: (
              <Link to="/token" className="font-semibold text-brand-700 underline">
                {t("profilePage.verifyToken")}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}
