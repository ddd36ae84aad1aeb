// @hapi/address, the product's e-mail parser (src/shared/email-address.ts), takes URL from Node's
// `url`; in the browser it is a global. The client build points `url` here (vite.config.ts).
export const URL = globalThis.URL;
