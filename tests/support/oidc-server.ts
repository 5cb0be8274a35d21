// A real OpenID provider on loopback for sign-in tests (oauth2-mock-server), with an account
// chooser page like Google's: the test types which account signs in, or cancels.
// Run: node tests/support/oidc-server.ts   (OIDC_PORT, default 3211)
import http from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

type Account = { sub: string; email: string; name: string; picture: string };

const port = Number(process.env.OIDC_PORT ?? 3211);
const provider = new OAuth2Server();
await provider.issuer.keys.generate("RS256");
provider.issuer.url = `http://127.0.0.1:${port}`;

const accountsByCode = new Map<string, Account>();
const accountsByAccessToken = new Map<string, Account>();

function accountFor(email: string, sub: string | null, picture: string | null): Account {
  return {
    sub: sub || `google-${Buffer.from(email).toString("hex").slice(0, 24)}`,
    email,
    name: email.split("@")[0].replace(/[._]/g, " "),
    picture: picture || `http://127.0.0.1:${port}/avatar/${encodeURIComponent(email)}.png`,
  };
}

provider.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: http.IncomingMessage) => {
  const query = new URL(req.url!, provider.issuer.url!).searchParams;
  const code = redirect.url.searchParams.get("code");
  const email = query.get("login_hint");
  if (code && email) accountsByCode.set(code, accountFor(email, query.get("test_sub"), query.get("test_picture")));
});

provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: { body?: Record<string, string> }) => {
  const account = req.body?.code ? accountsByCode.get(req.body.code) : undefined;
  if (account) Object.assign(token.payload, { sub: account.sub, email: account.email });
});

provider.service.on("beforeResponse", (response: { body: Record<string, unknown> }, req: { body?: Record<string, string> }) => {
  const account = req.body?.code ? accountsByCode.get(req.body.code) : undefined;
  if (account && typeof response.body.access_token === "string") accountsByAccessToken.set(response.body.access_token, account);
});

provider.service.on("beforeUserinfo", (response: { body: Record<string, unknown>; statusCode: number }, req: http.IncomingMessage) => {
  const bearer = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
  const account = accountsByAccessToken.get(bearer);
  if (!account) {
    response.statusCode = 401;
    response.body = { error: "invalid_token" };
    return;
  }
  response.body = { ...account, email_verified: true };
});

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function chooserPage(url: URL) {
  const hidden = [...url.searchParams]
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join("");
  const cancel = new URL(url.searchParams.get("redirect_uri") ?? "/");
  cancel.searchParams.set("error", "access_denied");
  cancel.searchParams.set("state", url.searchParams.get("state") ?? "");
  return `<!doctype html><title>Choose an account</title><h1>Choose an account</h1>
<form method="get" action="/authorize">${hidden}
<label>Email <input name="login_hint" type="email" required></label>
<label>Subject <input name="test_sub"></label>
<label>Picture <input name="test_picture"></label>
<button type="submit">Continue</button></form>
<p><a href="${escape(cancel.toString())}">Cancel</a></p>`;
}

const handler = provider.service.requestHandler;
const server = http.createServer((req, res) => {
  const url = new URL(req.url!, provider.issuer.url!);
  if (req.method === "GET" && url.pathname === "/authorize" && !url.searchParams.get("login_hint")) {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(chooserPage(url));
    return;
  }
  if (req.method === "GET" && url.pathname.startsWith("/avatar/")) {
    res.writeHead(200, { "Content-Type": "image/svg+xml" }).end('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
    return;
  }
  handler(req, res);
});
server.listen(port, "127.0.0.1", () => console.log(`OIDC test provider on ${provider.issuer.url}`));
