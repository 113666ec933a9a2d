/**
 * Which addresses the server may call: none inside a network (loopback, private, link-local,
 * CGNAT, multicast, unspecified, documentation and other reserved ranges, IPv4 and IPv6), unless
 * the operator allowed it by CIDR (CALLBACK_ALLOW_PRIVATE). Matching is node's own net.BlockList;
 * an IPv6 address that carries an IPv4 one (IPv4-mapped, NAT64) is judged by the IPv4 address, so
 * `[::ffff:127.0.0.1]` is loopback.
 */
import { BlockList, isIP, isIPv4 } from 'node:net';

type Family = 'ipv4' | 'ipv6';

/** Ranges refused by default, each with the name a refusal gives (IANA special-purpose registries). */
const REFUSED: ReadonlyArray<readonly [network: string, prefix: number, family: Family, name: string]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'CGNAT'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'reserved'],
  ['192.0.2.0', 24, 'ipv4', 'reserved'],
  ['192.88.99.0', 24, 'ipv4', 'reserved'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'reserved'],
  ['198.51.100.0', 24, 'ipv4', 'reserved'],
  ['203.0.113.0', 24, 'ipv4', 'reserved'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  // 240/4 holds the broadcast address 255.255.255.255.
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  // IPv4-compatible (deprecated), discard-only, NAT64 local use, IETF assignments with Teredo,
  // documentation, 6to4 (carries any IPv4 address, private ones included).
  ['::', 96, 'ipv6', 'reserved'],
  ['100::', 64, 'ipv6', 'reserved'],
  ['64:ff9b:1::', 48, 'ipv6', 'reserved'],
  ['2001::', 23, 'ipv6', 'reserved'],
  ['2001:db8::', 32, 'ipv6', 'reserved'],
  ['2002::', 16, 'ipv6', 'reserved'],
  ['3fff::', 20, 'ipv6', 'reserved'],
  ['fc00::', 7, 'ipv6', 'private'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'reserved'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const listOf = (network: string, prefix: number, family: Family) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return list;
};

const REFUSED_LISTS = REFUSED.map(([network, prefix, family, name]) => ({ list: listOf(network, prefix, family), family, name, cidr: `${network}/${prefix}` }));
/** Everything outside IPv6 global unicast (2000::/3) is unassigned or special: refused as reserved. */
const GLOBAL_UNICAST = listOf('2000::', 3, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part included). */
function groupsOf(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const [front, back] = [part(head), part(tail)];
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The IPv4 address an IPv6 one stands for (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96), else null. */
function embeddedIPv4(ip: string): string | null {
  const g = groupsOf(ip);
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  return mapped || nat64 ? [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.') : null;
}

/** The address as judged: an IP literal without brackets or zone, IPv4 inside IPv6 taken out. */
function judgedAddress(address: string): string | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (isIP(bare) !== 6) return null;
  return embeddedIPv4(bare) ?? bare.toLowerCase();
}

/** The refused range an address falls in (e.g. "loopback (127.0.0.0/8)"), or null for a public address. */
export function refusedRange(address: string): string | null {
  const ip = judgedAddress(address);
  if (ip === null) return 'not an IP address';
  const family: Family = isIPv4(ip) ? 'ipv4' : 'ipv6';
  const hit = REFUSED_LISTS.find((range) => range.family === family && range.list.check(ip, family));
  if (hit) return `${hit.name} (${hit.cidr})`;
  if (family === 'ipv6' && !GLOBAL_UNICAST.check(ip, 'ipv6')) return 'reserved (outside 2000::/3)';
  return null;
}

/** Parses CALLBACK_ALLOW_PRIVATE (comma-separated CIDRs or single addresses); `problems` gets each entry that is not one. */
export function allowListOf(text: string | undefined, problems: string[] = []): BlockList {
  const list = new BlockList();
  for (const entry of (text ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const [network, prefix, extra] = entry.split('/');
    const family: Family = isIPv4(network) ? 'ipv4' : 'ipv6';
    const bits = prefix === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefix);
    if (!isIP(network) || extra !== undefined || (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) || bits > (family === 'ipv4' ? 32 : 128)) {
      problems.push(`CALLBACK_ALLOW_PRIVATE: "${entry}" is not an IP address or CIDR block (e.g. 127.0.0.0/8).`);
      continue;
    }
    list.addSubnet(network, bits, family);
  }
  return list;
}

/** The refusal of `address` (as judged, and its range), or null when the server may call it. */
export function refusalOf(address: string, allowed: BlockList): { ip: string; range: string } | null {
  const range = refusedRange(address);
  if (range === null) return null;
  const ip = judgedAddress(address);
  if (ip !== null && allowed.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6')) return null;
  return { ip: ip ?? address, range };
}
