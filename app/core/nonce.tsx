import { createContext, useContext } from "react";

// The CSP nonce reaches components that render inline scripts (analytics) through React context.
// Browsers hide nonce attributes from the DOM, so on the client it is the empty string.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
