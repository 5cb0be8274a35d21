// Refuses state-changing requests that another site's page sent (a cross-site form post).
// Browsers send Sec-Fetch-Site on every request and Origin on every POST; either one that names
// another site is enough to refuse. React Router checks origins for page actions too, but this
// covers resource routes and answers with a clear 403 instead of an error page.
export type CrossSiteInput = {
  method: string;
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** The origin this request was addressed to (scheme://host as the client saw it). */
  requestOrigin: string;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteWrite({ method, secFetchSite, origin, requestOrigin }: CrossSiteInput): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite === "cross-site" || secFetchSite === "same-site") return true;
  if (origin && origin !== "null" && origin !== requestOrigin) return true;
  // An opaque origin ("null") comes from sandboxed frames and data: URLs, never from our pages.
  return origin === "null";
}
