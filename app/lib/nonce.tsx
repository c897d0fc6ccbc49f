import { createContext, useContext } from "react";

/** The request's CSP nonce during server rendering; empty in the browser (browsers hide nonces from the DOM). */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
