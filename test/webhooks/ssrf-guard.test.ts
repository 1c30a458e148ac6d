import type { LookupAddress } from 'node:dns';
import { describe, expect, it, vi } from 'vitest';
import {
  BlockedDestinationError,
  checkDestinationUrl,
  isPublicAddress,
  resolvePublicAddresses,
  type LookupAll,
} from '../../src/webhooks/ssrf-guard.js';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', 'public IPv4'],
    ['1.1.1.1', 'public IPv4'],
    ['93.184.216.34', 'public IPv4'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.0', 'just above 172.16/12'],
    ['100.63.255.255', 'just below CGNAT'],
    ['100.128.0.0', 'just above CGNAT'],
    ['198.17.255.255', 'just below benchmarking'],
    ['198.20.0.0', 'just above benchmarking'],
    ['192.0.1.1', 'between 192.0.0/24 and 192.0.2/24'],
    ['223.255.255.255', 'just below multicast'],
    ['2606:4700:4700::1111', 'public IPv6'],
    ['2a03:2880:f10d:83:face:b00c::25de', 'public IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['::ffff:808:808', 'IPv4-mapped public, hex'],
    ['64:ff9b::8.8.8.8', 'NAT64 of a public address'],
    ['2002:808:808::1', '6to4 of a public address'],
  ])('accepts %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local / cloud metadata'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '0/8'],
    ['192.0.2.10', 'documentation TEST-NET-1'],
    ['198.51.100.10', 'documentation TEST-NET-2'],
    ['203.0.113.10', 'documentation TEST-NET-3'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['240.0.0.1', 'reserved 240/4'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['febf:ffff::1', 'IPv6 link-local, top of fe80::/10'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['3fff::1', 'IPv6 documentation (RFC 9637)'],
    ['fec0::1', 'deprecated site-local'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'IPv6 benchmarking'],
    ['100::1', 'discard prefix'],
    ['4000::1', 'outside global unicast 2000::/3'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::10.1.2.3', 'IPv4-compatible private'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['127.1', 'short IPv4 form of loopback'],
    ['2130706433', 'integer form of loopback'],
    ['0x7f.0.0.1', 'hex form of loopback'],
    ['0177.0.0.1', 'octal form of loopback'],
    ['010.0.0.1', 'leading-zero form'],
    ['[::1]', 'bracketed (URL syntax, not an address)'],
    ['example.com', 'a name'],
    ['', 'empty'],
    ['256.1.1.1', 'out of range'],
  ])('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});

/**
 * Every block the guard refuses, written out here as docs/webhooks.md names them: its
 * first and last address are refused (so is each as an IPv4-mapped IPv6 address for the
 * IPv4 blocks), and the public addresses just outside it are accepted.
 */
describe('isPublicAddress, block by block', () => {
  const IPV4_BLOCKS: [block: string, first: string, last: string, publicNeighbours: string[]][] = [
    ['0.0.0.0/8 this network', '0.0.0.0', '0.255.255.255', ['1.0.0.0']],
    ['10.0.0.0/8 private', '10.0.0.0', '10.255.255.255', ['9.255.255.255', '11.0.0.0']],
    ['100.64.0.0/10 carrier-grade NAT', '100.64.0.0', '100.127.255.255', ['100.63.255.255', '100.128.0.0']],
    ['127.0.0.0/8 loopback', '127.0.0.0', '127.255.255.255', ['126.255.255.255', '128.0.0.0']],
    ['169.254.0.0/16 link-local', '169.254.0.0', '169.254.255.255', ['169.253.255.255', '169.255.0.0']],
    ['172.16.0.0/12 private', '172.16.0.0', '172.31.255.255', ['172.15.255.255', '172.32.0.0']],
    ['192.0.0.0/24 IETF protocol assignments', '192.0.0.0', '192.0.0.255', ['191.255.255.255', '192.0.1.0']],
    ['192.0.2.0/24 TEST-NET-1', '192.0.2.0', '192.0.2.255', ['192.0.1.255', '192.0.3.0']],
    ['192.88.99.0/24 6to4 relay anycast', '192.88.99.0', '192.88.99.255', ['192.88.98.255', '192.88.100.0']],
    ['192.168.0.0/16 private', '192.168.0.0', '192.168.255.255', ['192.167.255.255', '192.169.0.0']],
    ['198.18.0.0/15 benchmarking', '198.18.0.0', '198.19.255.255', ['198.17.255.255', '198.20.0.0']],
    ['198.51.100.0/24 TEST-NET-2', '198.51.100.0', '198.51.100.255', ['198.51.99.255', '198.51.101.0']],
    ['203.0.113.0/24 TEST-NET-3', '203.0.113.0', '203.0.113.255', ['203.0.112.255', '203.0.114.0']],
    ['224.0.0.0/4 multicast', '224.0.0.0', '239.255.255.255', ['223.255.255.255']],
    ['240.0.0.0/4 reserved and broadcast', '240.0.0.0', '255.255.255.255', []],
  ];
  const IPV6_BLOCKS: [block: string, first: string, last: string, publicNeighbours: string[]][] = [
    ['2001::/23 IETF protocol assignments', '2001::', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', ['2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2001:200::']],
    ['2001:db8::/32 documentation', '2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::']],
    ['3fff::/20 documentation', '3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', ['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '3fff:1000::']],
    ['fc00::/7 unique-local', 'fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', []],
    ['fe80::/10 link-local', 'fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', []],
    ['fec0::/10 site-local', 'fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', []],
    ['ff00::/8 multicast', 'ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', []],
    ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff', []],
    ['::/3 below global unicast', '::', '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', ['2000::1']],
    ['4000::/2 above global unicast', '4000::', 'bfff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', ['3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']],
  ];

  it.each(IPV4_BLOCKS)('refuses %s from %s to %s, also IPv4-mapped, and accepts its public neighbours', (_block, first, last, neighbours) => {
    for (const address of [first, last, `::ffff:${first}`, `::ffff:${last}`]) expect(isPublicAddress(address), address).toBe(false);
    for (const address of neighbours) expect(isPublicAddress(address), address).toBe(true);
  });

  it.each(IPV6_BLOCKS)('refuses %s from %s to %s, and accepts its public neighbours', (_block, first, last, neighbours) => {
    for (const address of [first, last]) expect(isPublicAddress(address), address).toBe(false);
    for (const address of neighbours) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('checkDestinationUrl', () => {
  const strict = { allowPrivate: false, requireHttps: false };
  const httpsOnly = { allowPrivate: false, requireHttps: true };
  const lax = { allowPrivate: true, requireHttps: false };

  function reasonFor(url: string, policy = strict): string {
    const result = checkDestinationUrl(url, policy);
    if (result.ok) throw new Error(`expected ${url} to be refused`);
    return result.reason;
  }

  it('accepts a public https URL and hands back the parsed URL', () => {
    const result = checkDestinationUrl('https://hooks.example.com/ponte?x=1', strict);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.url).toBeInstanceOf(URL);
      expect(result.url.hostname).toBe('hooks.example.com');
      expect(result.url.search).toBe('?x=1');
    }
  });

  it('accepts http when https is not required', () => {
    expect(checkDestinationUrl('http://hooks.example.com/', strict).ok).toBe(true);
  });

  it('accepts public IP literals', () => {
    expect(checkDestinationUrl('https://8.8.8.8/hook', strict).ok).toBe(true);
    expect(checkDestinationUrl('https://[2606:4700:4700::1111]/hook', strict).ok).toBe(true);
  });

  it('refuses http when https is required', () => {
    expect(reasonFor('http://hooks.example.com/', httpsOnly)).toMatch(/https/);
    expect(checkDestinationUrl('https://hooks.example.com/', httpsOnly).ok).toBe(true);
  });

  it('requires https even when private targets are allowed', () => {
    expect(checkDestinationUrl('http://127.0.0.1/', { allowPrivate: true, requireHttps: true }).ok).toBe(
      false,
    );
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)', 'ws://example.com/'])(
    'refuses the scheme of %s',
    (url) => {
      expect(reasonFor(url, lax)).toMatch(/scheme/);
    },
  );

  it.each(['not a url', '/relative/path', '', 'https://'])('refuses the malformed %j', (url) => {
    expect(reasonFor(url, lax)).toMatch(/valid/);
  });

  it.each(['https://user:pass@example.com/', 'https://user@example.com/', 'https://:secret@example.com/'])(
    'refuses credentials in %s',
    (url) => {
      expect(reasonFor(url, lax)).toMatch(/credentials/);
    },
  );

  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:8080/hook',
    'http://10.0.0.5/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://0.0.0.0/',
    // WHATWG URL parsing turns these into 127.0.0.1 / 10.0.0.1 first.
    'http://0x7f.1/',
    'http://2130706433/',
    'http://127.1/',
    'http://012.0.0.1/',
    'http://127.0.0.1./',
  ])('refuses the non-public IP literal in %s', (url) => {
    expect(reasonFor(url)).toMatch(/not a public address/);
  });

  it.each([
    'http://localhost/',
    'http://LOCALHOST:3000/',
    'http://localhost./',
    'http://api.localhost/',
    'http://a.b.localhost/',
  ])('refuses the localhost name in %s', (url) => {
    expect(reasonFor(url)).toMatch(/localhost/);
  });

  it('does not mistake names merely containing "localhost" for it', () => {
    expect(checkDestinationUrl('https://localhost.example.com/', strict).ok).toBe(true);
    expect(checkDestinationUrl('https://mylocalhost/', strict).ok).toBe(true);
  });

  it('lets private and localhost destinations through when allowed', () => {
    expect(checkDestinationUrl('http://127.0.0.1:4000/hook', lax).ok).toBe(true);
    expect(checkDestinationUrl('http://localhost:4000/hook', lax).ok).toBe(true);
    expect(checkDestinationUrl('http://[::1]:4000/hook', lax).ok).toBe(true);
  });
});

function fakeLookup(answers: Record<string, string[]>) {
  return vi.fn<LookupAll>(async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    return addresses.map(
      (address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }),
    );
  });
}

describe('resolvePublicAddresses', () => {
  const strict = { allowPrivate: false };
  const lax = { allowPrivate: true };

  it('returns every resolved address when all are public', async () => {
    const lookup = fakeLookup({ 'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'] });
    await expect(resolvePublicAddresses('hooks.example.com', strict, lookup)).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    expect(lookup).toHaveBeenCalledWith('hooks.example.com', expect.objectContaining({ all: true }));
  });

  it('blocks a name that resolves to a private address (DNS rebinding)', async () => {
    const lookup = fakeLookup({ 'rebind.example.com': ['127.0.0.1'] });
    const failure = resolvePublicAddresses('rebind.example.com', strict, lookup);
    await expect(failure).rejects.toBeInstanceOf(BlockedDestinationError);
    await expect(failure).rejects.toMatchObject({
      name: 'BlockedDestinationError',
      hostname: 'rebind.example.com',
      address: '127.0.0.1',
    });
  });

  it('blocks the whole name when any one answer is private', async () => {
    const lookup = fakeLookup({ 'mixed.example.com': ['93.184.216.34', '10.0.0.7'] });
    await expect(resolvePublicAddresses('mixed.example.com', strict, lookup)).rejects.toMatchObject({
      address: '10.0.0.7',
    });
  });

  it('blocks IPv4-mapped answers that embed a private address', async () => {
    const lookup = fakeLookup({ 'mapped.example.com': ['::ffff:169.254.169.254'] });
    await expect(resolvePublicAddresses('mapped.example.com', strict, lookup)).rejects.toBeInstanceOf(
      BlockedDestinationError,
    );
  });

  it('allows private answers when private targets are allowed', async () => {
    const lookup = fakeLookup({ 'receiver.internal': ['10.0.0.7'] });
    await expect(resolvePublicAddresses('receiver.internal', lax, lookup)).resolves.toEqual([
      { address: '10.0.0.7', family: 4 },
    ]);
  });

  it('blocks localhost names without asking DNS', async () => {
    const lookup = fakeLookup({});
    await expect(resolvePublicAddresses('api.localhost', strict, lookup)).rejects.toBeInstanceOf(
      BlockedDestinationError,
    );
    expect(lookup).not.toHaveBeenCalled();
  });

  it('judges IP literals directly, brackets and all', async () => {
    const lookup = fakeLookup({});
    await expect(resolvePublicAddresses('[::1]', strict, lookup)).rejects.toBeInstanceOf(
      BlockedDestinationError,
    );
    await expect(resolvePublicAddresses('8.8.8.8', strict, lookup)).resolves.toEqual([
      { address: '8.8.8.8', family: 4 },
    ]);
    await expect(resolvePublicAddresses('[2606:4700::1111]', strict, lookup)).resolves.toEqual([
      { address: '2606:4700::1111', family: 6 },
    ]);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('passes lookup failures through untouched', async () => {
    const lookup = fakeLookup({});
    await expect(resolvePublicAddresses('nowhere.example', strict, lookup)).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });

  it('fails when a name resolves to nothing', async () => {
    const lookup = fakeLookup({ 'empty.example.com': [] });
    await expect(resolvePublicAddresses('empty.example.com', strict, lookup)).rejects.toThrow(
      /did not resolve/,
    );
  });

  it('uses the system resolver by default', async () => {
    // localhost resolves through /etc/hosts, so this needs no network.
    await expect(resolvePublicAddresses('localhost', lax)).resolves.not.toHaveLength(0);
  });
});
