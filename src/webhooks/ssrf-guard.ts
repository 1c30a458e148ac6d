// Webhook destinations must be public internet hosts (docs/security.md, "Where we connect (SSRF)"): a subscriber
// must not be able to make our dispatcher POST into our own network, cloud metadata
// endpoints or loopback services. The URL is checked at registration, and the resolved
// addresses again at delivery time, since DNS can change between the two.

import { promises as dnsPromises, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/**
 * The message names the host as the subscriber wrote it, never the address it resolved to:
 * it reaches the delivery log, and resolved addresses would map our internal network for
 * whoever registers names that point into it. `address` is for the server's own log.
 */
export class BlockedDestinationError extends Error {
  override readonly name = 'BlockedDestinationError';

  constructor(
    readonly hostname: string,
    readonly address: string | undefined,
    readonly reason: string,
  ) {
    super(`Destination ${hostname} is not allowed: ${reason}`);
  }
}

export type DestinationCheck = { ok: true; url: URL } | { ok: false; reason: string };

export interface DestinationPolicy {
  allowPrivate: boolean;
  requireHttps: boolean;
}

export type LookupAll = (
  hostname: string,
  options: { all: true; verbatim?: boolean },
) => Promise<LookupAddress[]>;

// ipaddr.js's range() already names all of these; listing them again means a library
// upgrade that reclassifies a block cannot silently open it.
const BLOCKED_IPV4 = cidrs<IPv4>([
  '0.0.0.0/8', // "this network", unspecified
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes broadcast 255.255.255.255
]);

// Only 2000::/3 is allocated as global unicast; everything outside it is special.
const GLOBAL_UNICAST_IPV6 = ipaddr.IPv6.parseCIDR('2000::/3');

const BLOCKED_IPV6 = cidrs<IPv6>([
  '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID, ...)
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation (RFC 9637)
  'fc00::/7', // unique-local
  'fe80::/10', // link-local
  'fec0::/10', // deprecated site-local
  'ff00::/8', // multicast
]);

// IPv6 forms that carry an IPv4 address and reach it: a client connecting to one of
// these talks to the embedded IPv4 host, so that address is the one to judge.
const EMBEDDED_IPV4_LAST_32_BITS = cidrs<IPv6>([
  '::ffff:0:0/96', // IPv4-mapped
  '::ffff:0:0:0/96', // IPv4-translated (RFC 6145)
  '64:ff9b::/96', // NAT64 well-known prefix
  '::/96', // IPv4-compatible (deprecated); covers :: and ::1 too
]);
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');
// The local-use NAT64 prefix may embed the IPv4 address at several offsets; it is
// local by definition, so refuse it outright.
const LOCAL_USE_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

// Canonical textual forms only. "127.1", "0x7f.0.0.1" or "017700000001" reach loopback
// through inet_aton, and refusing the odd forms is simpler than proving each safe.
export function isPublicAddress(ip: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) {
    return isPublicIPv4(ipaddr.IPv4.parse(ip));
  }
  if (ipaddr.IPv6.isValid(ip)) {
    return isPublicIPv6(ipaddr.IPv6.parse(ip));
  }
  return false;
}

export function checkDestinationUrl(url: string, policy: DestinationPolicy): DestinationCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'not a valid absolute URL' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    const scheme = parsed.protocol.replace(/:$/, '');
    return { ok: false, reason: `scheme ${scheme} is not allowed; only http and https are` };
  }
  if (policy.requireHttps && parsed.protocol !== 'https:') {
    return { ok: false, reason: 'the URL must use https' };
  }
  // Credentials in a URL end up in logs and delivery records; receivers authenticate
  // us by the signature instead.
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, reason: 'the URL must not contain credentials' };
  }
  if (!policy.allowPrivate) {
    const refusal = refuseLocalHost(hostFromUrl(parsed));
    if (refusal) return { ok: false, reason: refusal };
  }
  return { ok: true, url: parsed };
}

// Any non-public answer blocks the whole name rather than being filtered out: a name
// that mixes public and private addresses is either misconfigured or a rebinding
// attempt, and the HTTP client might pick either. Callers should connect to the
// returned addresses, not resolve the name again.
export async function resolvePublicAddresses(
  hostname: string,
  { allowPrivate }: { allowPrivate: boolean },
  lookup: LookupAll = dnsPromises.lookup,
): Promise<LookupAddress[]> {
  const host = stripBrackets(hostname);
  if (!allowPrivate && isLocalhostName(host)) {
    throw new BlockedDestinationError(hostname, undefined, 'localhost names are not allowed');
  }
  const addresses = isIpLiteral(host)
    ? [{ address: host, family: ipaddr.IPv6.isValid(host) ? 6 : 4 }]
    : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) {
    throw new Error(`${hostname} did not resolve to any address`);
  }
  if (!allowPrivate) {
    const blocked = addresses.find(({ address }) => !isPublicAddress(address));
    if (blocked) {
      throw new BlockedDestinationError(hostname, blocked.address, 'the address is not public');
    }
  }
  return addresses;
}

function isPublicIPv4(address: IPv4): boolean {
  return address.range() === 'unicast' && !BLOCKED_IPV4.some((cidr) => address.match(cidr));
}

function isPublicIPv6(address: IPv6): boolean {
  // A zone id (fe80::1%eth0) only means something on one host's own links.
  if (address.zoneId !== undefined) return false;
  const embedded = embeddedIPv4(address);
  if (embedded) return isPublicIPv4(embedded);
  if (address.match(LOCAL_USE_NAT64)) return false;
  return (
    address.range() === 'unicast' &&
    address.match(GLOBAL_UNICAST_IPV6) &&
    !BLOCKED_IPV6.some((cidr) => address.match(cidr))
  );
}

function embeddedIPv4(address: IPv6): IPv4 | null {
  const parts = address.parts;
  if (EMBEDDED_IPV4_LAST_32_BITS.some((cidr) => address.match(cidr))) {
    return ipv4FromWords(parts[6], parts[7]);
  }
  // 6to4 (2002:AABB:CCDD::/48) routes to the IPv4 host AA.BB.CC.DD.
  if (address.match(SIX_TO_FOUR)) {
    return ipv4FromWords(parts[1], parts[2]);
  }
  return null;
}

function ipv4FromWords(high = 0, low = 0): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function refuseLocalHost(host: string): string | null {
  if (isLocalhostName(host)) return 'localhost is not a public destination';
  if (isIpLiteral(host) && !isPublicAddress(host)) {
    return 'the host is not a public address';
  }
  return null;
}

// WHATWG URL parsing already turned "0x7f.1" and "2130706433" into "127.0.0.1";
// brackets around IPv6 literals remain.
function hostFromUrl(url: URL): string {
  return stripBrackets(url.hostname);
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host);
}

// RFC 6761 reserves localhost and every name under it for loopback. A trailing dot
// (the fully qualified spelling) must not get around that.
function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function cidrs<T extends IPv4 | IPv6>(ranges: string[]): [T, number][] {
  return ranges.map((range) => ipaddr.parseCIDR(range) as [T, number]);
}
