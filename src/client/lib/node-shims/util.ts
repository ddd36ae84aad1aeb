// @hapi/address, the product's e-mail parser (src/shared/email-address.ts), takes TextEncoder from
// Node's `util`; in the browser it is a global. The client build points `util` here (vite.config.ts).
export const TextEncoder = globalThis.TextEncoder;
