// What every loader, action and middleware reads from React Router's typed context. server/app.ts
// builds it once per request with appContext(); route tests build it the same way.
import { createContext, RouterContextProvider } from "react-router";
import type { Db } from "../../db/connection";

/** Facts about the request that server.ts works out before React Router sees it. */
export type RequestInfo = {
  /** The Content-Security-Policy nonce every inline script of this response carries. */
  nonce: string;
  /** The client's address (see server/client-ip.ts). */
  clientIp: string;
};

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown" });

/** The process's one SQLite connection (db/connection.ts). */
export const dbContext = createContext<Db>();

export function appContext({ db, nonce = "", clientIp = "unknown" }: { db: Db } & Partial<RequestInfo>) {
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  context.set(requestInfoContext, { nonce, clientIp });
  return context;
}
