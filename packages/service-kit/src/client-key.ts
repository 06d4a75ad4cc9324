import ipaddr from 'ipaddr.js';

/**
 * The key a client address is counted under by every per-client limit: an IPv4 address as it is
 * (an IPv4-mapped IPv6 address too), an IPv6 address by its /64 prefix, because one subscriber is
 * given a whole /64 and may use any of its 2^64 addresses. Anything else is its own key.
 */
export function clientKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
