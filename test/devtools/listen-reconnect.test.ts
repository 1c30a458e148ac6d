import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { updateStock } from '../../src/catalog/stock.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import type { TestSeller } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { freePort, runProcess, startProcess, startService, type RunningProcess, type Service } from '../support/process.js';
import { requireRedis, TEST_REDIS_URL } from '../support/redis.js';
import { createSandboxTestSeller } from '../support/sandbox.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';

/** The package's bin, as `npx ponte` runs it. */
const PONTE = 'bin/ponte.js';

/**
 * A TCP hop in front of the machine's Redis whose new connections can be cut while the
 * open ones go on: the service's event feed, which connects at the first subscription,
 * then cannot reach Redis, while what connected at start (the relay, the rate limits) can.
 */
async function redisHop(target: URL) {
  let cutting = false;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (cutting) return void client.destroy();
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
      from.pipe(to);
    }
    open.add(client);
    client.on('close', () => open.delete(client));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    openConnections: () => open.size,
    cutNewConnections: (cut: boolean) => (cutting = cut),
    close: () => {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Line {
  evento: string;
  id: string;
  status: number | null;
}

/** `ponte listen --json` as a child process; its stdout (one JSON line per event) kept apart. */
function startListen(service: Service, token: string, args: string[]) {
  const listener = startProcess(PONTE, ['listen', ...args, '--json'], { PONTE_URL: service.url, PONTE_TOKEN: token });
  // A test that fails before stopping it leaves no listener behind (it would retry forever).
  onTestFinished(() => void listener.child.kill('SIGKILL'));
  let stdout = '';
  listener.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const lines = () => stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Line);
  return { ...listener, lines };
}

async function stop(listener: RunningProcess): Promise<number | null> {
  listener.child.kill('SIGINT');
  return listener.exited;
}

const occurrences = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, 'g'))?.length ?? 0;

describe('ponte listen when the service cannot serve events (real processes)', () => {
  let database: TestDatabase;
  let hop: Awaited<ReturnType<typeof redisHop>>;
  let service: Service;
  let port: number;
  let receiver: Receiver;
  let sandbox: TestSeller;

  // Redis through the hop; a replay of more than two events is refused.
  const startServiceOn = () =>
    startService(
      { DATABASE_URL: database.url, PORT: String(port), REDIS_URL: hop.url, LIVE_REDIS_PREFIX: `ponte:test:${randomBytes(4).toString('hex')}:`, LIVE_REPLAY_MAX_EVENTS: '2' },
      ['--no-migrate'],
    );
  const trigger = async (evento: string) => {
    const result = await runProcess(PONTE, ['trigger', evento], { PONTE_URL: service.url, PONTE_TOKEN: sandbox.token });
    expect(result.code, result.stderr).toBe(0);
  };

  beforeAll(async () => {
    await requireRedis();
    database = await createTestDatabase();
    hop = await redisHop(new URL(TEST_REDIS_URL));
    port = await freePort();
    service = await startServiceOn();
    receiver = await startReceiver();
    sandbox = await createSandboxTestSeller(database.orm);
  }, 120_000);
  afterAll(async () => {
    service?.process.child.kill('SIGKILL');
    await receiver?.close();
    await hop?.close();
    await database?.drop();
  });

  it('takes UNAVAILABLE (the event feed not reachable) as a dropped connection: it tries again until the service can serve', { timeout: 120_000 }, async () => {
    // The relay and the rate limits hold their Redis connections from the start; the feed has none yet.
    await waitUntil(() => hop.openConnections() >= 2, 30_000);
    hop.cutNewConnections(true);
    onTestFinished(() => void hop.cutNewConnections(false));
    const listener = startListen(service, sandbox.token, ['--forward-to', receiver.url, '--events', 'estoque.alterado']);
    // The service says who the token is, then refuses the subscription: tried again, waiting longer each time.
    await waitUntil(() => occurrences(listener.output(), /\(Live events are unavailable right now\); trying again/) >= 2, 60_000, () => listener.output());
    expect(listener.output()).toMatch(/unavailable right now\); trying again in 0\.5 s\n[^]*unavailable right now\); trying again in 1 s\n/);

    // An event made meanwhile is forwarded once the feed connects (replayed from when listening began, or live).
    await trigger('estoque.alterado');
    hop.cutNewConnections(false);
    await waitUntil(() => listener.lines().length > 0, 60_000, () => listener.output());
    expect(listener.lines()[0]).toMatchObject({ evento: 'estoque.alterado', status: 204 });
    expect(listener.child.exitCode).toBeNull();
    expect(await stop(listener)).toBe(0);
  });

  it('after a reconnect whose replay the service refuses (beyond its window), reports the gap and goes on live', { timeout: 180_000 }, async () => {
    const listener = startListen(service, sandbox.token, ['--forward-to', receiver.url, '--events', 'estoque.alterado']);
    await listener.waitFor(/forwarding the events/);
    await trigger('estoque.alterado');
    await waitUntil(() => listener.lines().length === 1, 30_000);
    const lastForwarded = listener.lines()[0]!.id;

    service.process.child.kill('SIGTERM');
    await service.process.exited;
    await listener.waitFor(/connection lost/);
    // Three events while it is away: one more than the service replays.
    const em = forkForSeller(database.orm, sandbox.id);
    for (const onHand of [31, 32, 33]) await updateStock(em, sandbox.id, 'CANECA', { onHand });
    const missed = await database.orm.em.fork().execute<{ id: string }[]>(`select id from outbox_event where seller_id = ? and type = 'estoque.alterado' order by commit_position desc limit 3`, [sandbox.id]);
    service = await startServiceOn();

    await listener.waitFor(new RegExp(`cannot replay what happened since ${lastForwarded} \\(More than 2 events to replay.*going on live`), 60_000);
    await trigger('estoque.alterado');
    await waitUntil(() => listener.lines().length === 2, 30_000);
    const [, live] = listener.lines();
    expect(live).toMatchObject({ evento: 'estoque.alterado', status: 204 });
    expect(missed.map((row) => row.id)).not.toContain(live!.id);
    expect(listener.child.exitCode).toBeNull();
    expect(await stop(listener)).toBe(0);
  });

  it('refuses a --since the service cannot replay from, with its message and exit 1', { timeout: 60_000 }, async () => {
    const [first] = await database.orm.em.fork().execute<{ id: string }[]>(`select id from outbox_event where seller_id = ? order by commit_position limit 1`, [sandbox.id]);
    const result = await runProcess(PONTE, ['listen', '--forward-to', receiver.url, '--since', first!.id], { PONTE_URL: service.url, PONTE_TOKEN: sandbox.token });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`ponte listen: --since ${first!.id}: More than 2 events to replay`);
  });
});
