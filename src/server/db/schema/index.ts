export * from "./billing.js";
export * from "./blog.js";
export * from "./data-versions.js";
export * from "./fund-reports.js";
export * from "./funds.js";
export * from "./oauth.js";
export * from "./saved-funds.js";
export * from "./users.js";
