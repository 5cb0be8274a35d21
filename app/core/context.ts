// What every loader, action and middleware reads from React Router's typed context. server/app.ts
// builds it once per request with appContext(); route tests build it the same way.
import { createContext, RouterContextProvider } from "react-router";
import type { Db } from "../../db/connection";
import { limitKeyOf } from "./client-key";

/** Facts about the request that server.js works out before React Router sees it. */
export type RequestInfo = {
  /** The Content-Security-Policy nonce every inline script of this response carries. */
  nonce: string;
  /** The client's address (see server/client-ip.ts): for logs and the approximate place. */
  clientIp: string;
  /**
   * What every per-client limit counts: the IPv4 address, or the IPv6 /64 (core/client-key.ts).
   * Worked out here from clientIp, never passed in.
   */
  clientKey: string;
};

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown", clientKey: "unknown" });

/** The process's one SQLite connection (db/connection.ts). */
export const dbContext = createContext<Db>();

export function appContext({ db, nonce = "", clientIp = "unknown" }: { db: Db } & Partial<Omit<RequestInfo, "clientKey">>) {
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  context.set(requestInfoContext, { nonce, clientIp, clientKey: limitKeyOf(clientIp) });
  return context;
}
