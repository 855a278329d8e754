import { BlockList, isIP } from 'node:net';

/** Why an address may not be reached with a request a user asked for (a webhook, a blog post); null for a public address. */
export type AddressClass =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | null;

type Range = [network: string, prefix: number, kind: Exclude<AddressClass, null>];

// IANA special-purpose registries: https://www.iana.org/assignments/iana-ipv4-special-registry and
// https://www.iana.org/assignments/iana-ipv6-special-registry. Most specific first: the first match names it.
const V4: Range[] = [
  // Cloud instance metadata, the prize of a server-side request forgery: AWS, GCP, Azure, OpenStack,
  // DigitalOcean and Huawei at 169.254.169.254; AWS ECS task credentials at 169.254.170.2; Tencent Cloud at
  // 169.254.0.23; Alibaba Cloud at 100.100.100.200; Oracle Cloud at 192.0.0.192; Azure's WireServer at
  // 168.63.129.16 (a public address, so it needs its own entry).
  ['169.254.169.254', 32, 'metadata'],
  ['169.254.170.2', 32, 'metadata'],
  ['169.254.0.23', 32, 'metadata'],
  ['100.100.100.200', 32, 'metadata'],
  ['192.0.0.192', 32, 'metadata'],
  ['168.63.129.16', 32, 'metadata'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  // Shared address space (RFC 6598, carrier-grade NAT).
  ['100.64.0.0', 10, 'private'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  // 240/4 reserved, with 255.255.255.255 broadcast in it.
  ['240.0.0.0', 4, 'reserved'],
];
const V6: Range[] = [
  // AWS's IPv6 metadata endpoint, inside the unique-local range.
  ['fd00:ec2::254', 128, 'metadata'],
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  // IPv4-compatible addresses (deprecated, RFC 4291 §2.5.5.1).
  ['::', 96, 'reserved'],
  ['64:ff9b:1::', 48, 'private'],
  ['100::', 64, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  // Site-local (deprecated by RFC 3879, still routed inside some networks).
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'multicast'],
];

const lists = (ranges: Range[], family: 'ipv4' | 'ipv6') =>
  ranges.map(([network, prefix, kind]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return [list, kind] as const;
  });
const V4_LISTS = lists(V4, 'ipv4');
const V6_LISTS = lists(V6, 'ipv6');

/** The 16 bytes of an IPv6 address (already checked by isIP), trailing dotted quad included. */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((group) => {
    const value = Number.parseInt(group || '0', 16);
    return [value >> 8, value & 0xff];
  });
}

/** The IPv4 address an IPv6 one carries and reaches: IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4. */
function embeddedIpv4(bytes: number[]): string | null {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12).join('.');
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12)) {
    return bytes.slice(12).join('.');
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6).join('.');
  return null;
}

/**
 * What kind of address this is, for the SSRF guard: null when it is a public unicast address a webhook or
 * an article fetch may reach; otherwise why not. Anything that is not an IP address at all is `reserved` (refused).
 */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return V4_LISTS.find(([list]) => list.check(bare, 'ipv4'))?.[1] ?? null;
  if (family === 6) {
    const embedded = embeddedIpv4(ipv6Bytes(bare));
    if (embedded) return classifyAddress(embedded);
    return V6_LISTS.find(([list]) => list.check(bare, 'ipv6'))?.[1] ?? null;
  }
  return 'reserved';
}

/** Decides whether a resolved address may be connected to; the reason when not. */
export type AddressPolicy = (address: string) => AddressClass;

/** The guard as deployed: only public addresses. */
export const publicOnly: AddressPolicy = classifyAddress;

/** What stays refused when private targets are allowed: no receiver or article of ours lives there, a credential might. */
const NEVER: ReadonlySet<AddressClass> = new Set(['metadata', 'link-local']);

/**
 * WEBHOOK_ALLOW_PRIVATE_TARGETS, ARTICLE_FETCH_ALLOW_PRIVATE_TARGETS: receivers and pages on loopback and
 * private networks too (tests, an internal automation server), but never a cloud metadata service, nor anything link-local (IPv4 169.254/16, IPv6
 * fe80::/10), where providers put the metadata services this list does not know yet.
 */
export const privateAllowed: AddressPolicy = (address) => {
  const kind = classifyAddress(address);
  return kind !== null && NEVER.has(kind) ? kind : null;
};
