import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../errors.js';
import type { RestApp } from './rest.js';

/**
 * Content-Security-Policy of the console page: its own scripts, styles and API only
 * (GraphQL over HTTP and WebSocket are same-origin), never framed.
 */
const CONSOLE_CSP = "default-src 'self'; connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The built console's files: hashed names, so a release never changes a file in place. */
const ASSET_NAME = /^[\w.-]+$/;

/**
 * The console of the build this module runs from: scripts/build.mjs writes the compiled
 * service and the console's bundle into one folder (`dist/src/`, `dist/console/`), and Node
 * runs the build's real path, so a server keeps serving the console that matches its own
 * schema when a rebuild relinks `dist`. (From the sources, as the tests run them, this is
 * console/'s sources: tests set PONTE_CONSOLE_DIR.)
 */
const BUILT_CONSOLE = fileURLToPath(new URL('../../console/', import.meta.url));

/**
 * Serves the built console (Vite's output, scripts/build.mjs) under /console.
 * Assets carry content hashes and are cached for a year; the page itself is revalidated
 * on every load so a new release is picked up at once. Any other path under /console is
 * a page of the single-page app and gets index.html. Static files spend no API budget.
 */
export async function registerConsole(app: RestApp, consoleDir = BUILT_CONSOLE): Promise<void> {
  const root = resolve(consoleDir);
  const assets = join(root, 'assets');
  await app.register(fastifyStatic, { root, serve: false });

  const route = { schema: { hide: true }, config: { rateLimit: false } } as const;
  app.get<{ Params: { file: string } }>('/console/assets/:file', route, async (request, reply) => {
    const { file } = request.params;
    if (!ASSET_NAME.test(file) || !existsSync(join(assets, file))) throw notFound('Console asset');
    return reply.sendFile(file, assets, { immutable: true, maxAge: '365d' });
  });

  const page = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(join(root, 'index.html'))) {
      throw new AppError('UNAVAILABLE', 'The console is not built: `npm run build` (which `npm install` runs) writes it');
    }
    reply.header('cache-control', 'no-cache').header('content-security-policy', CONSOLE_CSP).header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    return reply.sendFile('index.html', root, { cacheControl: false });
  };
  // The service's icon at the address browsers ask for by themselves (the console's page
  // links its own SVG among its assets); the bundle carries it (console/public/).
  app.get('/favicon.ico', route, async (_request, reply) => {
    if (!existsSync(join(root, 'favicon.ico'))) throw notFound('Icon');
    return reply.sendFile('favicon.ico', root, { maxAge: '1d' });
  });
  app.get('/console', route, page);
  app.get('/console/*', route, page);
}
