import ipaddr from "ipaddr.js";

/**
 * The unit a per-client limit counts: an IPv4 address as it is, an IPv6 client by its /64 prefix.
 * One IPv6 subscriber usually holds a whole /64 (often far more), so counting single IPv6 addresses
 * would give one person 2^64 fresh budgets; an IPv4-mapped IPv6 address is its IPv4 address.
 * Anything that does not parse is counted as it is.
 */
export function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
