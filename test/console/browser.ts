import { realpathSync } from 'node:fs';
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
 * The console as `npm start` serves it: the bundle in the current build (the test run's
 * global setup runs scripts/build.mjs, so it is built from the current sources), pinned
 * to that build's folder; served by a test server over its own database, and a headless
 * Chromium.
 */
export async function startConsoleWorld(options: { env?: Record<string, string> } = {}): Promise<ConsoleWorld> {
  const server = await startTestApp({ env: { PONTE_CONSOLE_DIR: realpathSync('dist/console'), ...options.env } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** A fresh page (own sessionStorage) signed in with the token. */
export async function signedInPage(world: ConsoleWorld, token: string, path = '/console', viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await world.browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await page.goto(`${world.server.url}${path}`);
  await page.getByLabel('Token de API').fill(token);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}
