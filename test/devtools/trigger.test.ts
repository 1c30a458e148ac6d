import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interfaceEventNames } from '../../src/events/event-registry.js';
import { createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { runProcess } from '../support/process.js';
import { createSandboxTestSeller } from '../support/sandbox.js';

const PONTE = 'bin/ponte.js';

describe('ponte trigger (a real child process against a real server)', () => {
  let server: TestApp;
  let sandbox: TestSeller;
  let live: TestSeller;
  const trigger = (token: string, ...args: string[]) => runProcess(PONTE, ['trigger', ...args], { PONTE_URL: server.url, PONTE_TOKEN: token });

  beforeAll(async () => {
    server = await startTestApp();
    sandbox = await createSandboxTestSeller(server.orm);
    live = await createTestSeller(server.orm, { name: 'Live seller' });
  });
  afterAll(async () => server?.close());

  it.each(interfaceEventNames().map((name) => [name]))('%s: makes it happen and prints what it did', { timeout: 60_000 }, async (evento) => {
    const before = (await recordedEvents(server.orm, sandbox.id, evento)).length;
    const result = await trigger(sandbox.token, evento);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^${evento.replace('.', '\\.')}: \\S.+\\n$`));
    expect((await recordedEvents(server.orm, sandbox.id, evento)).length).toBeGreaterThan(before);
  });

  it('prints JSON with --json', { timeout: 60_000 }, async () => {
    const result = await trigger(sandbox.token, 'estoque.alterado', '--json');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ evento: 'estoque.alterado', summary: expect.stringMatching(/^set the stock of /) });
  });

  it('refuses a live seller\'s token with a clear message, a non-zero exit and nothing changed', { timeout: 60_000 }, async () => {
    const before = await recordedEvents(server.orm, live.id);
    for (const evento of interfaceEventNames()) {
      const result = await trigger(live.token, evento);
      expect({ evento, code: result.code, stdout: result.stdout }).toEqual({ evento, code: 1, stdout: '' });
      expect(result.stderr).toContain('ponte trigger: refused: The simulated marketplace is for sandbox sellers only');
      expect(result.stderr).toContain('nothing was changed');
    }
    expect(await recordedEvents(server.orm, live.id)).toEqual(before);
  });

  it('says what it takes when the event or the settings are wrong', { timeout: 60_000 }, async () => {
    const unknown = await trigger(sandbox.token, 'pedido.inventado');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('ponte trigger takes one event name, one of: pedido.criado,');
    const noToken = await runProcess(PONTE, ['trigger', 'pedido.criado'], { PONTE_URL: server.url });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('PONTE_TOKEN is not set');
    const refused = await trigger(`ponte_sk_test_${'x'.repeat(43)}`, 'pedido.criado');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('PONTE_TOKEN was refused');
  });
});
