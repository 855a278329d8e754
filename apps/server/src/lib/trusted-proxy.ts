import { BlockList, isIPv4 } from 'node:net';

/** Loopback, private, unique-local and link-local: where a load balancer of the operator's own connects from. */
const internalNetworks = new BlockList();
for (const [network, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  internalNetworks.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  internalNetworks.addSubnet(network, bits, 'ipv6');
}

export function isInternalAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  try {
    return internalNetworks.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/**
 * What Fastify's `trustProxy` gets for TRUST_PROXY. A list of proxies goes as it is. A hop count trusts that
 * many proxies, but only when the connection itself comes from an internal address: LeadReel is often also
 * reachable on its own port, and a client connecting there directly would otherwise name its own address
 * (Fastify refuses bare hop counts for that reason). Proxies on public addresses are listed by address.
 */
export function trustProxyOption(
  trust: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  if (trust === 0) return false;
  return (address, hop) => hop < trust && (hop > 0 || isInternalAddress(address));
}
