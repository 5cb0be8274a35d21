// Scanning on /found: the section on the page (open the camera, or upload a photo of the code) and
// the scanner dialog, a state of the URL (?scan=1). Without JavaScript, or without a camera, the
// dialog and the page say that the phone's own camera app opens a sticker directly, and offer the
// photo upload, decoded on the server.
import { useId, type MouseEvent } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { RouteDialog } from "~/components/ui/route-dialog";
import { useHydrated } from "~/core/hooks/use-hydrated";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { CameraScanner, scannerAllowedHere } from "./camera-scanner";

const SCAN_HREF = "/found?scan=1";

function CameraAppNote() {
  const { t } = useT();
  return <p className="text-sm text-slate-700">{t("foundPage.cameraAppNote")}</p>;
}

/** The photo upload: a plain multipart form, decoded on the server. */
export function PhotoUpload({ error }: { error: MessageKey | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const { t, m } = useT();
  const refused = error ? m(error) : null;
  // The page and the scanner dialog may both show one.
  const fieldId = useId();
  return (
    <Form method="post" action="/found" encType="multipart/form-data" className="space-y-3" data-testid="photo-upload">
      {refused ? <FormAlert title={refused.title} description={refused.description} data-testid="photo-alert" /> : null}
      <div>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          {t("foundPage.photoLabel")}
        </label>
        <input
          id={fieldId}
          name="photo"
          type="file"
          accept="image/jpeg,image/png"
          className="mt-1 block w-full text-sm file:mr-2 file:rounded-lg file:border-0 file:bg-slate-100 file:px-2 file:py-2 file:font-semibold"
        />
        <p className="mt-1 text-xs text-slate-600">{t("foundPage.photoHint")}</p>
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {t(busy ? "foundPage.readingPhoto" : "foundPage.readPhoto")}
      </Button>
    </Form>
  );
}

/** On the page: the camera (a link that opens the dialog) and the photo upload. */
export function ScanSection({ photoError }: { photoError: MessageKey | null }) {
  const { t } = useT();
  const navigate = useNavigate();
  function openHere(event: MouseEvent<HTMLAnchorElement>) {
    // The decoder's worker is allowed only in a document loaded from /found; from anywhere else the
    // link loads /found afresh.
    if (!scannerAllowedHere()) return;
    event.preventDefault();
    navigate(SCAN_HREF, { preventScrollReset: true });
  }
  return (
    <section aria-labelledby="scan-title" className="space-y-4 sm:rounded-xl sm:border sm:border-slate-200 sm:p-5">
      <h2 id="scan-title" className="text-xl font-bold">
        {t("foundPage.scanTitle")}
      </h2>
      <ButtonLink href={SCAN_HREF} onClick={openHere} data-testid="open-scanner">
        {t("foundPage.scanWithCamera")}
      </ButtonLink>
      <CameraAppNote />
      <PhotoUpload error={photoError} />
    </section>
  );
}

/**
 * The scanner dialog (?scan=1): the camera with JavaScript; the note and the upload without, and
 * when the camera fails or finds nothing in time, so the finder has a way on from where they are.
 */
export function ScannerDialog({ appUrl, photoError }: { appUrl: string; photoError: MessageKey | null }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const otherWays = (
    <>
      <CameraAppNote />
      <PhotoUpload error={photoError} />
    </>
  );
  return (
    <RouteDialog title={t("foundPage.scannerTitle")} titleId="scanner-title" closeHref="/found" closeLabel={t("scan.close")}>
      {hydrated ? (
        <CameraScanner appUrl={appUrl} otherWays={otherWays} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t("foundPage.needsJavaScript")}</p>
          {otherWays}
        </div>
      )}
    </RouteDialog>
  );
}
