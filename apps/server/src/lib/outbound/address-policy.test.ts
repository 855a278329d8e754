import { describe, expect, it } from 'vitest';
import { type AddressClass, classifyAddress, privateAllowed } from './address-policy.ts';

// "refuse loopback, private, link-local and metadata addresses".
const CASES: [string, AddressClass][] = [
  ['127.0.0.1', 'loopback'],
  ['127.1.2.3', 'loopback'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['2002:7f00:1::1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['::ffff:192.168.1.1', 'private'],
  ['100.64.0.1', 'private'],
  ['100.100.100.201', 'private'],
  ['fd00::1', 'private'],
  ['fc00::1', 'private'],
  ['169.254.169.254', 'metadata'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['169.254.170.2', 'metadata'],
  ['169.254.0.23', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['::ffff:100.100.100.200', 'metadata'],
  ['192.0.0.192', 'metadata'],
  ['168.63.129.16', 'metadata'],
  ['169.254.1.1', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['192.0.2.10', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['::7f00:1', 'reserved'],
  ['not-an-address', 'reserved'],
  ['93.184.215.14', null],
  ['8.8.8.8', null],
  ['172.32.0.1', null],
  ['100.128.0.1', null],
  ['2606:4700::1', null],
  ['::ffff:93.184.215.14', null],
];

describe('classifyAddress', () => {
  it.each(CASES)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('lets WEBHOOK_ALLOW_PRIVATE_TARGETS reach loopback and private networks, never a metadata service', () => {
    expect(['127.0.0.1', '::1', '10.0.0.1', '100.64.0.1', '93.184.215.14'].map(privateAllowed)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    const metadata = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', '168.63.129.16'];
    expect([...metadata, 'fd00:ec2::254', '::ffff:169.254.170.2'].map(privateAllowed)).toEqual(
      Array(metadata.length + 2).fill('metadata'),
    );
  });

  it('keeps all of link-local refused with private targets allowed, where unknown metadata services live', () => {
    expect(
      ['169.254.1.1', '169.254.255.254', 'fe80::1', 'fe80::a9fe:a9fe%eth0', '::ffff:169.254.3.4'].map(privateAllowed),
    ).toEqual(Array(5).fill('link-local'));
  });
});
