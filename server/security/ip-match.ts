/**
 * Whether a client address falls within a list of IP rules (addresses and CIDR blocks, IPv4 or
 * IPv6), with node's own net.BlockList: no address arithmetic of ours.
 */
import { BlockList, isIPv4 } from 'node:net';

/**
 * The address as the rules are written: a dual-stack socket reports an IPv4 client as
 * ::ffff:10.0.0.1, which is the IPv4 address 10.0.0.1.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

const familyOf = (address: string) => (isIPv4(address) ? 'ipv4' : 'ipv6');

/** True when `ip` is one of the addresses or inside one of the blocks. */
export function addressAllowed(rules: readonly string[], ip: string): boolean {
  const list = new BlockList();
  for (const rule of rules) {
    const [network, prefix] = rule.split('/');
    try {
      if (prefix === undefined) list.addAddress(network, familyOf(network));
      else list.addSubnet(network, Number(prefix), familyOf(network));
    } catch {
      // Rules are validated when written; one that is not an address matches nothing.
    }
  }
  const client = clientAddress(ip);
  try {
    return list.check(client, familyOf(client));
  } catch {
    return false;
  }
}
