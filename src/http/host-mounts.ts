/**
 * A part of the API that is also published on a host of its own: when a request's Host
 * is the host of `baseUrl`, the paths under `baseUrl` that start with one of `paths` are
 * served as if they had come under `mountPath` on this server. So
 * `{LOGISTICS_URL}/api/v1/webhook/novo` reaches `/logistica/api/v1/webhook/novo` when DNS
 * (or a proxy that keeps the Host header) sends the product's host here.
 */
export interface HostMount {
  /** The public base URL, e.g. `https://logistica.example.com` (a path prefix is allowed). */
  baseUrl: string;
  /** Where the routes are mounted on this server, e.g. `/logistica`. */
  mountPath: string;
  /** Path prefixes (below the base URL) that belong to the mount, e.g. `/api/v1/webhook`. */
  paths: readonly string[];
}

interface CompiledMount {
  hosts: Set<string>;
  basePath: string;
  mountPath: string;
  paths: readonly string[];
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function compile(mount: HostMount): CompiledMount {
  const url = new URL(mount.baseUrl);
  const hostname = url.hostname.toLowerCase();
  const port = url.port || DEFAULT_PORTS[url.protocol]!;
  // A client may or may not write the default port in its Host header.
  const hosts = new Set([`${hostname}:${port}`, ...(url.port ? [] : [hostname])]);
  return { hosts, basePath: url.pathname.replace(/\/+$/, ''), mountPath: mount.mountPath, paths: mount.paths };
}

/**
 * Fastify's `rewriteUrl`: the URL a request is routed by. Requests on any other host,
 * and paths outside a mount's `paths`, keep their URL.
 */
export function hostRewriter(mounts: readonly HostMount[]): (request: { url?: string; headers: { host?: string } }) => string {
  const compiled = mounts.map(compile);
  return (request) => {
    const url = request.url ?? '/';
    const host = request.headers.host?.toLowerCase();
    if (!host || compiled.length === 0) return url;
    for (const mount of compiled) {
      if (!mount.hosts.has(host)) continue;
      const rest = stripPrefix(url, mount.basePath);
      if (rest !== undefined && mount.paths.some((path) => stripPrefix(rest, path) !== undefined)) return `${mount.mountPath}${rest}`;
    }
    return url;
  };
}

/** `url` without `prefix` when it starts with it as whole path segments; undefined otherwise. */
function stripPrefix(url: string, prefix: string): string | undefined {
  if (prefix === '') return url;
  if (!url.startsWith(prefix)) return undefined;
  const rest = url.slice(prefix.length);
  return rest === '' || rest.startsWith('/') || rest.startsWith('?') ? rest : undefined;
}
