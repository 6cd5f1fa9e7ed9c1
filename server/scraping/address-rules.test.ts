import { describe, expect, it } from 'vitest';
import { addressKind, blockedMessage, hostNameKind, isAllowListed, parseIpv6 } from './address-rules';

describe('IPv4 addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.170.2', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['168.63.129.16', 'cloud metadata'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['192.0.0.8', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '41.0.0.1',
    '196.25.1.1',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '11.0.0.1',
    '223.255.255.255',
  ])('%s is public', (address) => {
    expect(addressKind(address)).toBeNull();
  });
});

describe('IPv6 addresses', () => {
  it.each([
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['ff05::2', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['100::1', 'reserved'],
    ['64:ff9b:1::1', 'private'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:7F00:0001', 'loopback'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a01:203', 'private'],
    ['::ffff:172.20.0.1', 'private'],
    ['::ffff:192.168.0.1', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['::ffff:a9fe:a9fe', 'cloud metadata'],
    ['::ffff:169.254.1.1', 'link-local'],
    ['::ffff:100.64.0.1', 'carrier-grade NAT'],
    ['::ffff:224.0.0.1', 'multicast'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::8.8.8.8', 'reserved'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'cloud metadata'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe::', 'cloud metadata'],
  ])('the IPv4 address inside %s is checked: %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each(['2001:4860:4860::8888', '2c0f:fb50:4003::1', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])('%s is public', (address) => {
    expect(addressKind(address)).toBeNull();
  });

  it('parses every written form to the same groups', () => {
    const loopbackMapped = [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1];
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual(loopbackMapped);
    expect(parseIpv6('0:0:0:0:0:ffff:7f00:0001')).toEqual(loopbackMapped);
    expect(parseIpv6('[::ffff:7f00:1]')).toEqual(loopbackMapped);
    expect(parseIpv6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6('not-an-address')).toBeNull();
  });

  it('refuses what is not an address at all', () => {
    expect(addressKind('example.co.za')).toBe('reserved');
    expect(addressKind('1.2.3')).toBe('reserved');
  });
});

describe('host names', () => {
  it.each([
    ['localhost', 'loopback'],
    ['LOCALHOST.', 'loopback'],
    ['app.localhost', 'internal name'],
    ['metadata.google.internal', 'cloud metadata'],
    ['metadata.google.internal.', 'cloud metadata'],
    ['metadata.goog', 'cloud metadata'],
    ['metadata', 'cloud metadata'],
    ['instance-data', 'cloud metadata'],
    ['db.internal', 'internal name'],
    ['printer.local', 'internal name'],
    ['router.home.arpa', 'internal name'],
    ['intranet', 'internal name'],
  ])('%s is refused as %s', (host, kind) => {
    expect(hostNameKind(host)).toBe(kind);
  });

  it('leaves public names to their addresses', () => {
    expect(hostNameKind('www.cleaning-directory.co.za')).toBeNull();
    expect(hostNameKind('example.com.')).toBeNull();
  });

  it('lets only the listed hosts through, as URLs write them', () => {
    const allow = ['localhost', '127.0.0.1', '[::1]'];
    expect(isAllowListed('LocalHost', allow)).toBe(true);
    expect(isAllowListed('127.0.0.1', allow)).toBe(true);
    expect(isAllowListed('[::1]', allow)).toBe(true);
    expect(isAllowListed('127.0.0.2', allow)).toBe(false);
    expect(isAllowListed('localhost', [])).toBe(false);
  });

  it('names the reason in a sentence', () => {
    expect(blockedMessage('169.254.169.254', 'cloud metadata')).toBe('169.254.169.254 is a cloud metadata address, which the scraper does not fetch');
    expect(blockedMessage('::1', 'loopback')).toBe('::1 is a loopback address, which the scraper does not fetch');
    expect(blockedMessage('db.internal', 'internal name')).toBe('db.internal is an internal host name, which the scraper does not fetch');
  });
});
