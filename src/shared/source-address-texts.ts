/**
 * What the product says when it refuses a fact's source address (issue 36): one lead sentence,
 * "Use the publication's own address", then why, naming the host as the address gave it. The
 * import's source field, the admin's edit form and the API answer all read these.
 * A module of its own (not admin-texts.ts): the rule runs in the admin's form and on the server,
 * and the texts should not bring the admin's other words along (docs/decisions/0006).
 */
export const SOURCE_ADDRESS_TEXTS = {
  /** The lead of every refusal, exactly as the issue words it. */
  useOwnAddress: "Use the publication's own address",
  notWeb: "Use the publication's own address, starting with http:// or https://.",
  userinfo: "Use the publication's own address, without a user name or password before its host.",
  ip: (host: string) => `Use the publication's own address, not an IP address (${host}).`,
  development: (host: string) =>
    `Use the publication's own address, not a staging, development, test or preview copy of a site (${host}).`,
  mirror: (host: string) =>
    `Use the publication's own address, not a site that copies or summarises its articles (${host}).`,
} as const;
