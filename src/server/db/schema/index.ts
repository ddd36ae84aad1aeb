export * from "./funds.js";
