import { describe, expect, it } from 'vitest';
import { isInternalAddress, trustProxyOption } from './trusted-proxy.ts';

describe('trusted proxies', () => {
  it('knows the addresses a balancer of the operator connects from', () => {
    for (const internal of [
      '127.0.0.1',
      '10.2.3.4',
      '172.31.0.9',
      '192.168.0.1',
      '::1',
      'fd12::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isInternalAddress(internal), internal).toBe(true);
    }
    for (const external of ['203.0.113.9', '172.32.0.1', '2001:db8::1', '::ffff:8.8.8.8', 'not an address', '']) {
      expect(isInternalAddress(external), external).toBe(false);
    }
  });

  it('trusts a hop count only behind an internal connection, and never more hops than said', () => {
    const trust = trustProxyOption(2);
    if (typeof trust !== 'function') throw new Error('a hop count becomes a function');
    expect(trust('10.0.0.5', 0)).toBe(true);
    expect(trust('203.0.113.1', 0)).toBe(false);
    expect(trust('203.0.113.1', 1)).toBe(true);
    expect(trust('10.0.0.6', 2)).toBe(false);
    expect(trustProxyOption(0)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});
