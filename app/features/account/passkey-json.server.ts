// The JSON bodies of the passkey steps (POST /settings/passkeys, POST /auth/passkey): an object,
// or null for anything else (not JSON, too deep to be a WebAuthn answer): bad input is a 400,
// never a 500.
export async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
