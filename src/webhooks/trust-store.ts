import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tls from 'node:tls';

type Env = Record<string, string | undefined>;

/**
 * Where Linux distributions keep the system's trusted CAs as one PEM bundle (Debian and
 * Ubuntu, Fedora and RHEL, openSUSE, Alpine), as OpenSSL's own default paths do.
 */
const SYSTEM_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/ssl/cert.pem',
];

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The CAs an outgoing delivery trusts: Node's bundled Mozilla store, the file in
 * `NODE_EXTRA_CA_CERTS`, and the system's store (a company CA installed with
 * update-ca-certificates), which Node 20 does not read by itself. Giving undici a `ca`
 * list replaces Node's defaults, so all three are listed here. `SSL_CERT_FILE` and
 * `SSL_CERT_DIR` choose the system store as they do for OpenSSL; otherwise Node's own
 * reader of the system store is used where it exists (Node ≥ 22.15), else the usual
 * bundle files.
 */
export function trustedCertificates(env: Env = process.env): string[] {
  return [...new Set([...tls.rootCertificates, ...pemFile(env.NODE_EXTRA_CA_CERTS), ...systemCertificates(env)])];
}

function systemCertificates(env: Env): string[] {
  if (env.SSL_CERT_FILE || env.SSL_CERT_DIR) return [...pemFile(env.SSL_CERT_FILE), ...pemDirectory(env.SSL_CERT_DIR)];
  // Node >= 22.15 reads the system store itself (macOS and Windows stores included).
  const nodeReader = (tls as { getCACertificates?: (type: 'system') => string[] }).getCACertificates;
  if (nodeReader) return nodeReader('system');
  const bundle = SYSTEM_BUNDLES.find((path) => existsSync(path));
  return pemFile(bundle);
}

function pemFile(path: string | undefined): string[] {
  if (!path) return [];
  try {
    return readFileSync(path, 'utf8').match(PEM_CERTIFICATE) ?? [];
  } catch {
    // An unreadable extra CA file is what Node itself tolerates (it warns and goes on).
    return [];
  }
}

function pemDirectory(path: string | undefined): string[] {
  if (!path) return [];
  try {
    return readdirSync(path).filter((name) => /\.(pem|crt)$/.test(name)).flatMap((name) => pemFile(join(path, name)));
  } catch {
    return [];
  }
}
