import { isIP } from 'node:net';

/**
 * Which addresses and host names the scraper refuses to reach. The scraper is the one place the
 * server fetches a URL a person typed, so everything inside the network it runs in is refused:
 * loopback, private and link-local ranges, carrier-grade NAT, multicast, the unspecified address,
 * cloud metadata services, reserved ranges, and the IPv6 forms that carry an IPv4 address.
 */
export type BlockedKind =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade NAT'
  | 'multicast'
  | 'unspecified'
  | 'cloud metadata'
  | 'reserved'
  | 'internal name';

interface V4Range {
  base: number;
  bits: number;
  kind: BlockedKind;
}

const v4 = (text: string): number => {
  const parts = text.split('.').map(Number);
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
};

const range = (cidr: string, kind: BlockedKind): V4Range => {
  const [base, bits] = cidr.split('/');
  return { base: v4(base!), bits: Number(bits), kind };
};

// Checked in order: the metadata addresses sit inside wider ranges and are named first.
const V4_RANGES: V4Range[] = [
  range('169.254.169.254/32', 'cloud metadata'), // AWS, GCP, Azure, OpenStack, Oracle, DigitalOcean
  range('169.254.170.2/32', 'cloud metadata'), // AWS ECS task metadata
  range('100.100.100.200/32', 'cloud metadata'), // Alibaba Cloud
  range('168.63.129.16/32', 'cloud metadata'), // Azure platform (WireServer), a public address
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'carrier-grade NAT'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'), // IETF protocol assignments
  range('192.0.2.0/24', 'reserved'), // documentation
  range('192.88.99.0/24', 'reserved'), // 6to4 relays
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'reserved'), // benchmarking
  range('198.51.100.0/24', 'reserved'), // documentation
  range('203.0.113.0/24', 'reserved'), // documentation
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'), // includes 255.255.255.255
];

function ipv4Kind(value: number): BlockedKind | null {
  for (const r of V4_RANGES) {
    const mask = r.bits === 0 ? 0 : (~0 << (32 - r.bits)) >>> 0;
    if ((value & mask) >>> 0 === (r.base & mask) >>> 0) return r.kind;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a zone such as `%eth0` ignored), or null. */
export function parseIpv6(text: string): number[] | null {
  let s = text.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (isIP(s) !== 6) return null;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const n = v4(last);
    tail = [n >>> 16, n & 0xffff];
    s = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = s.includes('::') ? s.split('::') : [s, undefined];
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const fill = rest === undefined ? 0 : 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array<string>(fill).fill('0'), ...restGroups].map((g) => Number.parseInt(g, 16));
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups;
}

const V6_METADATA = [
  [0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254], // AWS over IPv6 (fd00:ec2::254)
  [0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0023], // AWS DNS over IPv6 (fd00:ec2::23)
];

function embeddedV4(g: number[], high: number): number {
  return ((g[high]! << 16) | g[high + 1]!) >>> 0;
}

function ipv6Kind(g: number[]): BlockedKind | null {
  if (V6_METADATA.some((m) => m.every((x, i) => x === g[i]))) return 'cloud metadata';
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated): the IPv4 address is what is reached.
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4Kind(embeddedV4(g, 6));
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return ipv4Kind(embeddedV4(g, 6));
  // ::a.b.c.d (IPv4-compatible, deprecated): never a real destination.
  if (zeros(0, 6)) return ipv4Kind(embeddedV4(g, 6)) ?? 'reserved';
  // NAT64 (64:ff9b::/96) reaches the embedded IPv4 address; the local-use prefix is private.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4Kind(embeddedV4(g, 6));
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private';
  // 6to4 (2002::/16) carries its IPv4 address in the next 32 bits.
  if (g[0] === 0x2002) return ipv4Kind(embeddedV4(g, 1));
  // Teredo (2001::/32) hides an address behind a tunnel; documentation (2001:db8::/32).
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return 'reserved';
  if (g[0] === 0x0100 && zeros(1, 4)) return 'reserved'; // discard-only 100::/64
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private'; // site-local, deprecated
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/**
 * Why an IP address may not be fetched, or null for a public one. Takes IPv4 in dotted form and
 * IPv6 in any form (brackets and zone allowed); anything else is not an address and is refused.
 * @example addressKind('::ffff:127.0.0.1') // 'loopback'
 */
export function addressKind(address: string): BlockedKind | null {
  const plain = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIP(plain) === 4) return ipv4Kind(v4(plain));
  const groups = parseIpv6(plain);
  return groups ? ipv6Kind(groups) : 'reserved';
}

// Names that reach metadata services or the local network whatever DNS says about them.
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);
const INTERNAL_SUFFIXES = ['.localhost', '.internal', '.local', '.localdomain', '.home.arpa', '.lan', '.intranet', '.corp'];

/** Why a host name (not an address) may not be fetched, or null when its addresses decide. */
export function hostNameKind(hostname: string): BlockedKind | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_NAMES.has(name)) return 'cloud metadata';
  if (name === 'localhost') return 'loopback';
  if (!name.includes('.')) return 'internal name';
  if (INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix))) return 'internal name';
  return null;
}

/**
 * A URL host as `new URL()` writes it (`127.0.0.1`, `[::1]`, `example.co.za`), lower-case and
 * without a trailing dot: the form `SCRAPER_ALLOW_HOSTS` entries are compared with.
 */
function canonicalHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

/** Whether `SCRAPER_ALLOW_HOSTS` lets this URL host through whatever it resolves to. */
export function isAllowListed(hostname: string, allowHosts: readonly string[]): boolean {
  const host = canonicalHost(hostname);
  return allowHosts.some((h) => canonicalHost(h) === host);
}

const ARTICLE: Record<BlockedKind, string> = {
  loopback: 'a loopback',
  private: 'a private',
  'link-local': 'a link-local',
  'carrier-grade NAT': 'a carrier-grade NAT',
  multicast: 'a multicast',
  unspecified: 'an unspecified',
  'cloud metadata': 'a cloud metadata',
  reserved: 'a reserved',
  'internal name': 'an internal',
};

/** The sentence that names why a host or address is refused. */
export function blockedMessage(what: string, kind: BlockedKind): string {
  return kind === 'internal name'
    ? `${what} is an internal host name, which the scraper does not fetch`
    : `${what} is ${ARTICLE[kind]} address, which the scraper does not fetch`;
}
