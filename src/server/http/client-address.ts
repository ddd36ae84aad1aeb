import ipaddr from "ipaddr.js";

/**
 * The group a client's address belongs to, for anything that counts or limits clients by address:
 * an IPv4 address as it is; an IPv6 address by its /64, the block one household, phone or server
 * is given and can change the rest of at will ('2001:db8:5:6::/64'); an IPv4-mapped IPv6 address
 * ('::ffff:192.0.2.1', as a dual-stack socket reports an IPv4 client) as the IPv4 address it maps.
 * A zone ('%eth0') is dropped. Text that is no address is its own group, unchanged.
 */
export function addressGroup(ip: string): string {
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) return ip;
  if (!ipaddr.IPv6.isValid(ip)) return ip;
  const address = ipaddr.IPv6.parse(ip);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  const prefix = new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${prefix.toString()}/64`;
}
