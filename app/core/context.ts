import { createContext } from "react-router";

/** Facts about the request that server.ts works out before React Router sees it. */
export type RequestInfo = {
  /** The Content-Security-Policy nonce every inline script of this response carries. */
  nonce: string;
  /** The client's address (see client-ip.server.ts). */
  clientIp: string;
};

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown" });
