export * from "./funds.js";
export * from "./saved-funds.js";
export * from "./users.js";
