import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startDemoService } from '../support/demo-service.js';

const run = promisify(execFile);

/** The commands of README.md's "First requests" block, each with its continuation lines joined and comments dropped. */
function readmeFirstRequests(): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const block = readme.match(/<!-- first-requests -->\n```sh\n([\s\S]*?)```\n<!-- \/first-requests -->/);
  if (!block) throw new Error('README.md has no first-requests block');
  return block[1]!
    .split(/\n\s*\n/)
    .map((command) => command.split('\n').filter((line) => !line.startsWith('#')).join('\n').replace(/\\\n\s*/g, '').trim())
    .filter((command) => command.trim() !== '');
}

/** Runs one README command through bash, as a reader pasting it would; answers its HTTP status and JSON body. */
async function runAsPrinted(command: string, env: Record<string, string>): Promise<{ status: number; body: any }> {
  const { stdout } = await run('bash', ['--norc', '--noprofile', '-c', `${command} -w '\\n%{http_code}'`], { env: { PATH: process.env.PATH, ...env } });
  const lines = stdout.trimEnd().split('\n');
  const status = Number(lines.pop());
  return { status, body: JSON.parse(lines.join('\n')) };
}

/**
 * A fresh clone's first start: the real service on a new embedded PostgreSQL prints the
 * demo seller's variables, and README.md's first requests, pasted as printed, succeed.
 */
describe('first run', () => {
  it('creates the demo seller and the README\'s first requests succeed as printed', async () => {
    const service = await startDemoService();
    try {
      const env = service.printed;
      const [viewer, order, products, registration, deliveries, ...rest] = readmeFirstRequests();
      expect(rest).toEqual([]);

      const me = await runAsPrinted(viewer!, env);
      expect(me).toMatchObject({ status: 200, body: { data: { viewer: { seller: { name: 'Demo seller' } } } } });
      // The demo seller is a sandbox seller: its token says so, and ponte trigger works for it at once.
      expect(env.PONTE_TOKEN).toMatch(/^ponte_sk_test_/);
      const triggered = await run(process.execPath, ['bin/ponte.js', 'trigger', 'pedido.criado'], { env: { PATH: process.env.PATH, ...env } });
      expect(triggered.stdout).toMatch(/^pedido\.criado: placed order #1 \(SIM-\d+, .+\) on simulador/);

      const created = await runAsPrinted(order!, env);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ channel: 'loja-propria', status: 'pendente', amounts: { items: '99.80', shipping: '15.00', total: '114.80' } });
      expect(await runAsPrinted(order!, env)).toMatchObject({ status: 200, body: { id: created.body.id } });

      const listed = await runAsPrinted(products!, env);
      expect(listed.status).toBe(200);
      const mug = listed.body.data.find((product: { sku: string }) => product.sku === 'CANECA-PONTE');
      expect(mug).toMatchObject({
        publicationStatus: 'published',
        channels: ['loja-propria', 'venda-assistida', 'simulador'],
        effectivePrices: [
          { channel: null, price: '49.90' },
          { channel: 'loja-propria', price: '49.90' },
          { channel: 'venda-assistida', price: '49.90' },
          { channel: 'simulador', price: '49.90' },
        ],
      });
      // The README's order reserved 2 units, the simulated one some more.
      const simulated = triggered.stdout.match(/(\d+) × CANECA-PONTE/)?.[1];
      expect(mug.stock).toMatchObject({ onHand: 50, reserved: 2 + Number(simulated ?? 0) });
      expect(listed.body.data).toHaveLength(3);

      const registered = await runAsPrinted(registration!, env);
      expect(registered).toMatchObject({ status: 201, body: { product: 'logistics', events: ['rastreio.atualizado', 'chatTransportadora'] } });
      expect(await runAsPrinted(deliveries!, env)).toEqual({ status: 200, body: { data: [], nextCursor: null } });
    } finally {
      expect(await service.stop()).toBe(0);
    }
  }, 120_000);
});
