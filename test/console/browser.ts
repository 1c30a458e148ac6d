import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it): never a downloaded browser. */
export const CHROMIUM = '/usr/bin/chromium';

export interface ConsoleWorld {
  server: TestApp;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The console built from console/ as `npm run console:build` builds it, into a folder of
 * this test file, served by a test server over its own database, and a headless Chromium.
 */
export async function startConsoleWorld(options: { env?: Record<string, string> } = {}): Promise<ConsoleWorld> {
  const consoleDir = await mkdtemp(join(tmpdir(), 'ponte-console-'));
  await buildConsole(consoleDir);
  const server = await startTestApp({ env: { PONTE_CONSOLE_DIR: consoleDir, ...options.env } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
      await rm(consoleDir, { recursive: true, force: true });
    },
  };
}

/** Vite in its own process (as npm runs it), so vitest's environment does not leak into the build. */
export async function buildConsole(outDir: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, CONSOLE_OUT_DIR: outDir };
  delete env.NODE_ENV;
  delete env.VITEST;
  await promisify(execFile)(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'console/vite.config.ts'], { env });
}

/** A fresh page (own sessionStorage) signed in with the token. */
export async function signedInPage(world: ConsoleWorld, token: string, path = '/console', viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await world.browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await page.goto(`${world.server.url}${path}`);
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}
