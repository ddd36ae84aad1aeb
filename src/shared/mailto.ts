/**
 * A `mailto:` link to an address, or null for text without an `@`. Each part is percent-encoded
 * (RFC 6068): whatever an address holds that a URI gives a meaning to ('?', '#', '%', ',', '/')
 * stays part of the address, so a mail client writes to the whole address and never reads a query,
 * a fragment or a second recipient. No parsing here: the addresses it is given were parsed when
 * they were stored and again when served (src/shared/email-address.ts); this module stays out of
 * the parser's chunk, which a fund page would otherwise load for its one link.
 */
export function mailtoHref(address: string): string | null {
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return null;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
