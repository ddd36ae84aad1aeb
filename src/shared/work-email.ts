/**
 * A work address with its domain in ASCII (punycode), lowercased: `Ana@MÜNCHEN-Fund.de` →
 * `Ana@xn--mnchen-fund-thb.de`. The WHATWG URL parser does the IDNA mapping the same way in the
 * browser and on the server. Undefined when the domain is not a host name at all.
 */
export function asciiWorkEmail(email: string): string | undefined {
  const at = email.lastIndexOf("@");
  if (at <= 0 || at === email.length - 1) return undefined;
  const domain = email.slice(at + 1);
  // A URL would take a port, a path or credentials after the host: none belongs in an address.
  if (/[/:?#@\\\s[\]%]/.test(domain)) return undefined;
  try {
    const host = new URL(`http://${domain}`).hostname;
    if (!host || host.endsWith(".")) return undefined;
    return `${email.slice(0, at)}@${host}`;
  } catch {
    return undefined;
  }
}
