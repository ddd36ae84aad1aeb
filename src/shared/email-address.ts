import { analyzeEmail } from "@hapi/address/dist/email.js";

/**
 * The one e-mail address parser of the product, on the server and in the browser: @hapi/address
 * (the validator behind joi), which reads an address as RFC 5321's mailbox. Every place that takes
 * an address (accounts, a claim's work address, a fund's pitch e-mail) and every place that compares
 * its domain or links to it goes through here, so that they all agree on what the address is.
 *
 * The product's rule on top of the parser's: ASCII only (an internationalised domain is taken in
 * its punycode form, `asciiWorkEmail`), a domain of at least two labels with a top-level label that
 * starts with a letter, no literal IP. The parser keeps the RFC's limits: 254 characters, 64 before
 * the `@`, 63 per label. No quoted local part, comment or display name: what is stored is the
 * address itself.
 */
const RULES = { allowUnicode: false, minDomainSegments: 2 } as const;

/** An address as its two parts; the domain lowercased (domains are not case-sensitive). */
export type EmailAddress = { local: string; domain: string };

export function parseEmailAddress(text: string): EmailAddress | null {
  if (typeof text !== "string" || analyzeEmail(text, RULES) !== null) return null;
  // Valid means exactly one '@' (no quoted local part can hide another).
  const at = text.indexOf("@");
  return { local: text.slice(0, at), domain: text.slice(at + 1).toLowerCase() };
}

export function isEmailAddress(text: string): boolean {
  return parseEmailAddress(text) !== null;
}

/**
 * Whether the address is at `domain` (lowercased ASCII) or one of its subdomains, compared as whole
 * labels on the parsed domain: `ana@evil.example?.fund.com` is no address, so never at fund.com.
 */
export function isAddressAtDomain(address: string, domain: string): boolean {
  const parsed = parseEmailAddress(address);
  if (!parsed || !domain) return false;
  const expected = domain.toLowerCase();
  return parsed.domain === expected || parsed.domain.endsWith(`.${expected}`);
}
