import { domainToASCII } from "node:url";
import { getDomain } from "tldts";
import { parseEmailAddress } from "../../shared/email-address.js";
import { asciiWorkEmail } from "../../shared/work-email.js";

/**
 * The fund website's registrable domain ("eTLD+1" on the public suffix list's ICANN section),
 * lowercased punycode, a leading `www.` ignored: `https://www.Fund.co.uk/team` → `fund.co.uk`.
 * Undefined when there is no website, or its host has no registrable domain of its own: an IP
 * address, `localhost`, or a site on a shared host (`fund.github.io`, `fund.wixsite.com`), where
 * the registrable domain belongs to the host and its addresses prove nothing about the fund.
 */
export function fundRegistrableDomain(website: string | null | undefined): string | undefined {
  if (!website?.trim()) return undefined;
  const raw = website.trim();
  let hostname: string;
  try {
    hostname = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`).hostname;
  } catch {
    return undefined;
  }
  const host = asciiHost(hostname.replace(/^www\./i, ""));
  if (!host) return undefined;
  const icann = getDomain(host, { allowPrivateDomains: false });
  if (!icann) return undefined;
  // On the private section (github.io, wixsite.com…) the site's own domain is longer: a shared host.
  const withPrivate = getDomain(host, { allowPrivateDomains: true });
  if (withPrivate !== icann) return undefined;
  return icann;
}

/**
 * An address's domain in lowercased punycode, or undefined when the text is not an address: read
 * by the product's one parser, after an internationalised domain is taken in its ASCII form, so
 * that 'ana@evil.example,.fund.com' has no domain to compare rather than one ending in fund.com.
 */
export function emailDomain(email: string): string | undefined {
  const ascii = asciiWorkEmail(email.trim());
  return (ascii && parseEmailAddress(ascii)?.domain) || undefined;
}

/**
 * Whether the address is at the fund's registrable domain or one of its subdomains. Compared label
 * by label on lowercased punycode, so `fund.com.evil.test` and `evilfund.com` never match `fund.com`.
 */
export function emailMatchesFundWebsite(email: string, website: string | null | undefined): boolean {
  const fundDomain = fundRegistrableDomain(website);
  const domain = emailDomain(email);
  if (!fundDomain || !domain) return false;
  return domain === fundDomain || domain.endsWith(`.${fundDomain}`);
}

function asciiHost(host: string): string | undefined {
  const ascii = domainToASCII(host.trim().toLowerCase().replace(/\.$/, ""));
  return ascii ? ascii.toLowerCase() : undefined;
}
