import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { updateStock } from '../../src/catalog/stock.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import { timeOfId } from '../../src/live/live-event.js';
import { generateWebhookSecret } from '../../src/webhooks/signing.js';
import { createTestSeller, type TestSeller } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort, runProcess, startProcess, startService, type RunningProcess, type Service } from '../support/process.js';
import { createSandboxTestSeller } from '../support/sandbox.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';

/** The package's bin, as `npx ponte` runs it. */
const PONTE = 'bin/ponte.js';

interface Line {
  evento: string;
  id: string;
  status: number | null;
  error?: string;
  ms: number;
  attempt: number;
  retryInMs?: number;
}

const linesOf = (listener: RunningProcess): Line[] =>
  listener.child.stdout ? outputLines(listener).map((line) => JSON.parse(line) as Line) : [];
const outputLines = (listener: RunningProcess) => stdoutOf.get(listener)!.split('\n').filter((line) => line.startsWith('{'));
const stdoutOf = new WeakMap<RunningProcess, string>();

/** `ponte listen` as a child process, with its stdout kept apart (one JSON line per event). */
function startListen(service: { url: string }, token: string, args: string[], env: Record<string, string> = {}): RunningProcess {
  const listener = startProcess(PONTE, ['listen', ...args], { PONTE_URL: service.url, PONTE_TOKEN: token, WEBHOOK_BACKOFF_BASE_MS: '50', WEBHOOK_BACKOFF_MAX_MS: '200', ...env });
  stdoutOf.set(listener, '');
  listener.child.stdout!.on('data', (chunk: Buffer) => stdoutOf.set(listener, stdoutOf.get(listener)! + chunk.toString()));
  // A test that fails before stopping it leaves no listener behind (it would retry forever).
  onTestFinished(() => void listener.child.kill('SIGKILL'));
  return listener;
}

async function stop(listener: RunningProcess): Promise<number | null> {
  listener.child.kill('SIGINT');
  return listener.exited;
}

/**
 * `ponte listen` on a pseudo-terminal (util-linux `script`), as a person's terminal runs it:
 * stdout is a TTY there. Its own process group, so stopping it stops `script`'s shell and listen.
 */
function listenOnTerminal(env: Record<string, string>, args: string[]) {
  const command = ['node', PONTE, 'listen', ...args].join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // script gives listen a session of its own: closing the terminal (script ending) hangs it up.
  onTestFinished(() => void child.kill('SIGKILL'));
  return {
    output: () => output,
    stop: async () => {
      process.kill(-child.pid!, 'SIGINT');
      await exited;
    },
  };
}

/** The id of the seller's last event of a type. */
async function lastEventId(database: TestDatabase, sellerId: string, type: string): Promise<string> {
  const [row] = await database.orm.em.fork().execute<{ id: string }[]>(`select id from outbox_event where seller_id = ? and type = ? order by commit_position desc limit 1`, [sellerId, type]);
  return row!.id;
}

describe('ponte listen (real processes)', () => {
  let database: TestDatabase;
  let service: Service;
  let port: number;
  let receiver: Receiver;
  let sandbox: TestSeller;
  const secret = generateWebhookSecret();

  const startServiceOn = () => startService({ DATABASE_URL: database.url, PORT: String(port), WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, ['--no-migrate']);

  beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
    service = await startServiceOn();
    receiver = await startReceiver();
    receiver.secrets.push(secret);
    sandbox = await createSandboxTestSeller(database.orm);
  }, 120_000);
  afterAll(async () => {
    service?.process.child.kill('SIGKILL');
    await receiver?.close();
    await database?.drop();
  });

  it('forwards each event signed, byte for byte the webhook body, replays what a dropped connection missed once, and exits 0 on Ctrl-C', { timeout: 180_000 }, async () => {
    // A real webhook subscription to the same receiver: listen's bodies must be the dispatcher's.
    const subscription = await fetch(`${service.url}/webhooks/assinaturas`, { method: 'POST', headers: sandbox.headers, body: JSON.stringify({ url: `${receiver.url}?via=webhook`, events: ['*'] }) });
    expect(subscription.status).toBe(201);
    const listener = startListen(service, sandbox.token, ['--forward-to', receiver.url, '--secret', secret, '--json']);
    await listener.waitFor(/forwarding the events of Sandbox seller \(sandbox\)/);
    expect(listener.output()).toContain(`signing secret: ${secret}`);
    const earlier = (await recordedEvents(database.orm, sandbox.id)).length;

    const triggered = await runProcess(PONTE, ['trigger', 'pedido.criado'], { PONTE_URL: service.url, PONTE_TOKEN: sandbox.token });
    expect(triggered.code, triggered.stderr).toBe(0);
    expect(triggered.stdout).toMatch(/^pedido\.criado: placed order #1 \(SIM-\d+, .*\) on simulador, now (pendente|aprovado)\n$/);
    const [created] = await recordedEvents(database.orm, sandbox.id, 'pedido.criado');
    const viaListen = () => receiver.requests.filter((request) => request.headers['user-agent'] === 'Ponte-Listen/1.0');
    const viaWebhook = () => receiver.requests.filter((request) => request.headers['user-agent'] !== 'Ponte-Listen/1.0');
    await waitUntil(() => viaListen().some((request) => request.envelope.evento === 'pedido.criado'));
    await waitUntil(() => viaWebhook().some((request) => request.envelope.evento === 'pedido.criado'));
    const forwarded = viaListen().find((request) => request.envelope.evento === 'pedido.criado')!;
    expect(forwarded.verifiedWith).toEqual([secret]);
    expect(forwarded.webhookId).toBe(forwarded.envelope.id);
    expect(forwarded.envelope.data).toMatchObject({ channel: 'simulador' });
    expect(forwarded.body).toBe(viaWebhook().find((request) => request.envelope.id === forwarded.envelope.id)!.body);
    expect(created).toBeDefined();
    await waitUntil(() => linesOf(listener).some((line) => line.evento === 'pedido.criado'));
    expect(linesOf(listener).find((line) => line.evento === 'pedido.criado')).toEqual({
      time: expect.any(String),
      evento: 'pedido.criado',
      id: forwarded.envelope.id,
      status: 204,
      ms: expect.any(Number),
      attempt: 1,
    });

    // The service goes away; changes made meanwhile reach the receiver once it is back.
    service.process.child.kill('SIGTERM');
    await service.process.exited;
    await listener.waitFor(/connection lost/);
    const em = forkForSeller(database.orm, sandbox.id);
    await updateStock(em, sandbox.id, 'CANECA', { onHand: 321 });
    await updateStock(em, sandbox.id, 'CAMISETA', { onHand: 123 });
    const missed = (await recordedEvents(database.orm, sandbox.id, 'estoque.alterado')).slice(-2);
    const missedIds = (await database.orm.em.fork().execute<{ id: string }[]>(`select id from outbox_event where seller_id = ? and type = 'estoque.alterado' order by commit_position desc limit 2`, [sandbox.id])).map((row) => row.id);
    expect(missed.map((event) => event.payload.onHand).sort()).toEqual([123, 321]);
    service = await startServiceOn();
    await listener.waitFor(/reconnected; replaying/, 60_000);
    await waitUntil(() => missedIds.every((id) => viaListen().some((request) => request.envelope.id === id)), 30_000);
    // And live again after the replay.
    const after = await runProcess(PONTE, ['trigger', 'estoque.alterado'], { PONTE_URL: service.url, PONTE_TOKEN: sandbox.token });
    expect(after.code, after.stderr).toBe(0);
    await waitUntil(async () => viaListen().length === (await recordedEvents(database.orm, sandbox.id)).length - earlier, 30_000);

    const ids = viaListen().map((request) => request.envelope.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(viaListen().every((request) => request.verifiedWith.length === 1)).toBe(true);
    expect(await stop(listener)).toBe(0);
  });

  it('reports a receiver that is down and goes on; --retry tries again on the dispatcher\'s schedule', { timeout: 120_000 }, async () => {
    const nobody = `http://127.0.0.1:${await freePort()}/hook`;
    const down = startListen(service, sandbox.token, ['--forward-to', nobody, '--json', '--events', 'estoque.alterado']);
    await down.waitFor(/forwarding the events/);
    for (let i = 0; i < 2; i++) expect((await runProcess(PONTE, ['trigger', 'estoque.alterado'], { PONTE_URL: service.url, PONTE_TOKEN: sandbox.token })).code).toBe(0);
    await waitUntil(() => linesOf(down).length === 2);
    expect(linesOf(down).map((line) => [line.evento, line.status, line.error, line.attempt])).toEqual([
      ['estoque.alterado', null, 'ECONNREFUSED', 1],
      ['estoque.alterado', null, 'ECONNREFUSED', 1],
    ]);
    expect(await stop(down)).toBe(0);

    let failures = 1;
    const flaky = await startReceiver((request) => (request.headers['webhook-attempt'] === '1' && failures-- > 0 ? { status: 503 } : { status: 200 }));
    flaky.secrets.push(secret);
    const retrying = startListen(service, sandbox.token, ['--forward-to', flaky.url, '--secret', secret, '--json', '--retry', '--events', 'produto.preco_alterado']);
    await retrying.waitFor(/forwarding the events/);
    expect((await runProcess(PONTE, ['trigger', 'produto.preco_alterado'], { PONTE_URL: service.url, PONTE_TOKEN: sandbox.token })).code).toBe(0);
    await waitUntil(() => linesOf(retrying).length === 2);
    const [failed, retried] = linesOf(retrying);
    expect(failed).toMatchObject({ evento: 'produto.preco_alterado', status: 503, attempt: 1, retryInMs: expect.any(Number) });
    expect(retried).toMatchObject({ id: failed!.id, status: 200, attempt: 2 });
    expect(flaky.requests.map((request) => [request.webhookId, request.headers['webhook-attempt'], request.verifiedWith.length])).toEqual([
      [failed!.id, '1', 1],
      [failed!.id, '2', 1],
    ]);
    expect(await stop(retrying)).toBe(0);
    await flaky.close();
  });

  it('replays from --since, only the --events asked for', { timeout: 120_000 }, async () => {
    const [first] = await database.orm.em.fork().execute<{ id: string }[]>(`select id from outbox_event where seller_id = ? order by commit_position limit 1`, [sandbox.id]);
    const stockEvents = (await recordedEvents(database.orm, sandbox.id, 'estoque.alterado')).length;
    const replay = await startReceiver();
    const listener = startListen(service, sandbox.token, ['--forward-to', replay.url, '--json', '--events', 'estoque.alterado', '--since', first!.id]);
    // The first event itself is not replayed (after it), and it is no stock event here.
    await waitUntil(() => replay.requests.length >= stockEvents - 1, 30_000);
    expect(replay.requests.every((request) => request.envelope.evento === 'estoque.alterado')).toBe(true);
    expect(await stop(listener)).toBe(0);
    await replay.close();

    const bad = await runProcess(PONTE, ['listen', '--forward-to', replay.url, '--since', 'yesterday-ish'], { PONTE_URL: service.url, PONTE_TOKEN: sandbox.token });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--since takes an event id');
  });

  it('prints one plain line per event when piped, and coloured ones on a terminal', { timeout: 120_000 }, async () => {
    const env = { PONTE_URL: service.url, PONTE_TOKEN: sandbox.token };
    const piped = startListen(service, sandbox.token, ['--forward-to', receiver.url, '--events', 'produto.preco_alterado']);
    const terminal = listenOnTerminal(env, ['--forward-to', receiver.url, '--events', 'produto.preco_alterado']);
    await piped.waitFor(/forwarding the events/);
    await waitUntil(() => terminal.output().includes('forwarding the events'), 60_000, () => terminal.output());
    expect((await runProcess(PONTE, ['trigger', 'produto.preco_alterado'], env)).code).toBe(0);
    const id = await lastEventId(database, sandbox.id, 'produto.preco_alterado');

    // time, evento (padded), id, → the receiver's status, ms: nothing else, no escape codes.
    await waitUntil(() => stdoutOf.get(piped)!.includes(id));
    expect(stdoutOf.get(piped)!).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d  produto\\.preco_alterado {6}  ${id}  → 204  \\d+ ms\\n$`));
    await waitUntil(() => terminal.output().includes(id), 30_000, () => terminal.output());
    const coloured = terminal.output().split('\r\n').find((line) => line.includes(id))!;
    expect(coloured).toMatch(new RegExp(`^\u001b\\[2m\\d\\d:\\d\\d:\\d\\d\u001b\\[22m  \u001b\\[36mproduto\\.preco_alterado {6}\u001b\\[39m  ${id}  → \u001b\\[32m204\u001b\\[39m  \\d+ ms$`));
    expect(await stop(piped)).toBe(0);
    await terminal.stop();
  });

  it('reports a receiver that does not answer in time, and forwards the next event meanwhile', { timeout: 120_000 }, async () => {
    let requests = 0;
    const slow = await startReceiver();
    slow.pause(() => requests++ === 0);
    const listener = startListen(service, sandbox.token, ['--forward-to', slow.url, '--json', '--events', 'estoque.alterado'], { WEBHOOK_TIMEOUT_MS: '2000' });
    await listener.waitFor(/forwarding the events/);
    for (let i = 0; i < 2; i++) expect((await runProcess(PONTE, ['trigger', 'estoque.alterado'], { PONTE_URL: service.url, PONTE_TOKEN: sandbox.token })).code).toBe(0);
    await waitUntil(() => linesOf(listener).length === 2, 30_000);
    const [timedOut, next] = linesOf(listener);
    expect(timedOut).toMatchObject({ evento: 'estoque.alterado', status: null, error: 'no answer within 2000 ms', attempt: 1 });
    expect(next).toMatchObject({ evento: 'estoque.alterado', status: 204, attempt: 1 });
    expect(next!.id).not.toBe(timedOut!.id);
    expect(slow.held().map((request) => request.webhookId)).toEqual([timedOut!.id]);
    expect(await stop(listener)).toBe(0);
    slow.resume();
    await slow.close();
  });

  it('replays from --since an instant: the events after it, not those before', { timeout: 120_000 }, async () => {
    const em = forkForSeller(database.orm, sandbox.id);
    await updateStock(em, sandbox.id, 'CANECA', { onHand: 41 });
    const before = await lastEventId(database, sandbox.id, 'estoque.alterado');
    await waitUntil(() => Date.now() > timeOfId(before) + 1);
    const instant = new Date().toISOString();
    await waitUntil(() => Date.now() > Date.parse(instant));
    await updateStock(em, sandbox.id, 'CAMISETA', { onHand: 42 });
    const after = await lastEventId(database, sandbox.id, 'estoque.alterado');

    const replay = await startReceiver();
    const listener = startListen(service, sandbox.token, ['--forward-to', replay.url, '--json', '--events', 'estoque.alterado', '--since', instant]);
    await waitUntil(() => replay.requests.length >= 1, 30_000);
    // Forwarded in commit order: had the earlier event been replayed, it would have come first.
    expect(replay.requests.map((request) => request.webhookId)).toEqual([after]);
    expect(listener.output()).toContain(`replaying from ${instant}`);
    expect(await stop(listener)).toBe(0);
    await replay.close();
  });

  it('refuses a live seller\'s token unless --live, and a refused token at once', { timeout: 60_000 }, async () => {
    const live = await createTestSeller(database.orm, { name: 'Live seller' });
    const refused = await runProcess(PONTE, ['listen', '--forward-to', receiver.url], { PONTE_URL: service.url, PONTE_TOKEN: live.token });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('PONTE_TOKEN belongs to a live seller (Live seller)');
    expect(refused.stderr).toContain('--live');
    const unknown = await runProcess(PONTE, ['listen', '--forward-to', receiver.url], { PONTE_URL: service.url, PONTE_TOKEN: `ponte_sk_test_${'x'.repeat(43)}` });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('PONTE_TOKEN was refused');
    const allowed = startListen(service, live.token, ['--forward-to', receiver.url, '--live']);
    await allowed.waitFor(/forwarding the events of Live seller \(LIVE seller\)/);
    expect(await stop(allowed)).toBe(0);
  });
});
