// The camera inside the scanner dialog (spec 001 §2 "QR scanner dialog", §9 "Scanner"). qr-scanner
// is imported only here, when the dialog opens, so no other page (nor /found before a scan) carries
// its weight. States: initializing, scanning, then closed on a decode (the dialog's URL is replaced
// by the search the code names). At most SCANS_PER_SECOND decodes a second on a square two thirds
// of the video's smaller side scaled to SCAN_CANVAS_SIZE; after SCAN_TIMEOUT_MS without a code the
// camera stops and the dialog says so. The torch switch shows only where the camera has one.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type QrScannerType from "qr-scanner";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { foundSearchPath, parseQrContent, type QrError } from "~/features/lost-found/qr-content";
import { SCAN_CANVAS_SIZE, SCAN_REGION_SHARE, SCAN_TIMEOUT_MS, SCANNER_PAGE_PATH, SCANS_PER_SECOND } from "~/features/lost-found/rules";
import type { MessageKey } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";

type ScanState = "initializing" | "scanning" | "closed" | "error" | "timeout";

/** The path the current document was loaded from (client-side navigations keep its CSP). */
function documentPath(): string {
  const entry = performance.getEntriesByType("navigation")[0];
  return new URL(entry?.name || window.location.href).pathname;
}

/** True when this document may start the decoder's blob: worker (see rules.ts SCANNER_PAGE_PATH). */
export function scannerAllowedHere(): boolean {
  return documentPath() === SCANNER_PAGE_PATH;
}

function scanRegion(video: HTMLVideoElement): QrScannerType.ScanRegion {
  const side = Math.round(Math.min(video.videoWidth, video.videoHeight) * SCAN_REGION_SHARE);
  return {
    x: Math.round((video.videoWidth - side) / 2),
    y: Math.round((video.videoHeight - side) / 2),
    width: side,
    height: side,
    downScaledWidth: SCAN_CANVAS_SIZE,
    downScaledHeight: SCAN_CANVAS_SIZE,
  };
}

const STATE_TEXT: Record<ScanState, MessageKey | null> = {
  initializing: "foundPage.starting",
  scanning: "foundPage.pointCamera",
  closed: "foundPage.codeRead",
  error: null,
  timeout: null,
};

/** `otherWays` (the camera-app note, the photo upload) shows once the camera fails or times out. */
export function CameraScanner({ appUrl, otherWays }: { appUrl: string; otherWays: ReactNode }) {
  const { t, m } = useT();
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const scannerRef = useRef<QrScannerType | null>(null);
  const [state, setState] = useState<ScanState>("initializing");
  const [invalid, setInvalid] = useState<QrError | null>(null);
  const [torch, setTorch] = useState<{ available: boolean; on: boolean; failed: boolean }>({ available: false, on: false, failed: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // Opened by back/forward in a document from another page: load /found itself (its CSP).
    if (!scannerAllowedHere()) {
      window.location.reload();
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState("initializing");
    setInvalid(null);
    (async () => {
      try {
        const { default: QrScanner } = await import("qr-scanner");
        if (cancelled || !videoRef.current) return;
        const scanner = new QrScanner(
          videoRef.current,
          (result) => {
            const content = parseQrContent(result.data, appUrl);
            if (!content.ok) {
              setInvalid(content.error);
              return;
            }
            clearTimeout(timer);
            scanner.stop();
            setState("closed");
            navigate(foundSearchPath(content.query), { replace: true });
          },
          {
            returnDetailedScanResult: true,
            maxScansPerSecond: SCANS_PER_SECOND,
            preferredCamera: "environment",
            calculateScanRegion: scanRegion,
            // Every frame without a code reports "No QR code found": that is scanning, not an error.
            onDecodeError: () => {},
          },
        );
        scannerRef.current = scanner;
        await scanner.start();
        if (cancelled) return;
        setState("scanning");
        timer = setTimeout(() => {
          scanner.stop();
          setState("timeout");
        }, SCAN_TIMEOUT_MS);
        const available = await scanner.hasFlash();
        if (!cancelled) setTorch({ available, on: false, failed: false });
      } catch {
        if (!cancelled) setState("error");
      }
    })();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      scannerRef.current?.destroy();
      scannerRef.current = null;
    };
  }, [attempt, appUrl, navigate]);

  async function toggleTorch() {
    const scanner = scannerRef.current;
    if (!scanner) return;
    try {
      await scanner.toggleFlash();
      setTorch({ available: true, on: scanner.isFlashOn(), failed: false });
    } catch {
      setTorch((current) => ({ ...current, failed: true }));
    }
  }

  const problem: MessageKey | null = state === "error" ? "qr.scannerError" : state === "timeout" ? "qr.timeout" : invalid;
  const problemMessage = problem ? m(problem) : null;
  const running = state === "initializing" || state === "scanning";
  return (
    <div className="space-y-3" data-scanner-state={state}>
      <div className="relative overflow-hidden rounded-xl bg-slate-900">
        <video ref={videoRef} muted playsInline aria-label={t("foundPage.camera")} className={`aspect-square w-full object-cover ${running ? "" : "opacity-40"}`} />
        {/* The scan region: two thirds of the smaller side, centred. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-[16.67%] rounded-lg border-4 border-white/80" />
      </div>
      <p role="status" className="text-sm text-slate-700">
        {STATE_TEXT[state] ? t(STATE_TEXT[state]) : ""}
      </p>
      {problemMessage ? <FormAlert title={problemMessage.title} description={problemMessage.description} data-testid="scanner-alert" /> : null}
      {torch.failed ? <FormAlert title={m("qr.torchError").title} description={m("qr.torchError").description} /> : null}
      <div className="flex flex-wrap gap-2">
        {torch.available && state === "scanning" ? (
          <Button type="button" variant="outline" size="sm" onClick={toggleTorch} aria-pressed={torch.on}>
            {t(torch.on ? "foundPage.flashOff" : "foundPage.flashOn")}
          </Button>
        ) : null}
        {state === "error" || state === "timeout" ? (
          <Button type="button" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {t("foundPage.tryAgain")}
          </Button>
        ) : null}
      </div>
      {state === "error" || state === "timeout" ? <div className="space-y-4 border-t border-slate-200 pt-3">{otherWays}</div> : null}
    </div>
  );
}
