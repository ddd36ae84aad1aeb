export * from "./billing.js";
export * from "./funds.js";
export * from "./oauth.js";
export * from "./saved-funds.js";
export * from "./users.js";
