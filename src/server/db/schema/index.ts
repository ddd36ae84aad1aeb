export * from "./funds.js";
export * from "./users.js";
