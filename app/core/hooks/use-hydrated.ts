import { useEffect, useState } from "react";

/** False in the server's HTML and until React runs in the browser: controls that need script show only then. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
