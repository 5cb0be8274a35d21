// A passkey is bound to a site's name (its WebAuthn relying party is a domain), so a page opened at
// an IP address cannot make or use one: the browser refuses before any prompt, and simplewebauthn
// reports a SecurityError that looks like a cancelled prompt. The owner cancelled nothing, so the
// passkey parts say what is wrong and where passkeys work instead: on a loopback address (a demo
// opened at http://127.0.0.1:PORT), the same page at http://localhost:PORT, which the server
// accepts as the relying party of its loopback APP_URL (./passkeys.server.ts).
import { WebAuthnError } from "@simplewebauthn/browser";
import { useT } from "~/i18n/use-t";

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * For a page opened at an IP address: where the same page works with passkeys (null when no name
 * is known for the address). Null for a page opened at a name, where passkeys work.
 */
export function passkeyNeedsName(location: Pick<Location, "hostname" | "port" | "pathname" | "search" | "protocol">): { localhostUrl: string | null } | null {
  const host = location.hostname;
  const ipv6 = host.startsWith("[") || host.includes(":");
  if (!IPV4.test(host) && !ipv6) return null;
  const loopback = host.startsWith("127.") || host === "[::1]" || host === "::1";
  const port = location.port ? `:${location.port}` : "";
  return { localhostUrl: loopback ? `${location.protocol}//localhost${port}${location.pathname}${location.search}` : null };
}

/** Whether a WebAuthn failure was the browser refusing this page's address, not the owner cancelling. */
export function refusedForAddress(error: unknown): boolean {
  if (error instanceof WebAuthnError) return error.code === "ERROR_INVALID_DOMAIN" || error.code === "ERROR_INVALID_RP_ID";
  return error instanceof Error && error.name === "SecurityError";
}

/**
 * What the passkey parts show on a page opened at an IP address: a note, not an alert (nothing
 * went wrong yet, and a screen reader should not announce it over the page's own form).
 */
export function PasskeyNeedsName({ localhostUrl }: { localhostUrl: string | null }) {
  const { t, m } = useT();
  const text = m("auth.passkeyNeedsName");
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="passkey-needs-name">
      <p className="font-semibold text-slate-900">{text.title}</p>
      <p>{text.description}</p>
      {localhostUrl ? (
        <a className="inline-block font-medium text-brand-700 underline" href={localhostUrl}>
          {t("auth.passkeyOpenAtLocalhost")}
        </a>
      ) : null}
    </div>
  );
}
