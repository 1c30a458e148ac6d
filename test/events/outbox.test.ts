import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkForSeller } from '../../src/db/orm.js';
import { pipelinedTransaction } from '../../src/db/pipelined-transaction.js';
import { OutboxEvent } from '../../src/events/outbox-event.entity.js';
import { OUTBOX_CHANNEL, recordEvent, recordEvents, toEnvelope } from '../../src/events/outbox.js';
import { createTestSeller } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { looseEvent } from '../support/events.js';

const event = (aggregateId: string, data: Record<string, unknown> = {}, type = 'pedido.criado') =>
  looseEvent({ type, aggregateType: 'order', aggregateId, data });

describe('event outbox', () => {
  let database: TestDatabase;
  let sellerId: string;
  let listener: pg.Client;
  const notifications: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    sellerId = (await createTestSeller(database.orm)).id;
    listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    listener.on('notification', (message) => notifications.push(message.payload ?? ''));
    await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await database.drop();
  });

  const em = () => forkForSeller(database.orm, sellerId);
  const eventsOf = (aggregateId: string) =>
    em().find(OutboxEvent, { aggregateId }, { orderBy: { sequence: 'asc' } });

  /** A transaction that has written one event and stays open until `release` is called. */
  async function holdOpenAfterWriting(aggregateId: string): Promise<{ held: Promise<OutboxEvent>; release: () => void }> {
    let release: () => void = () => undefined;
    let written: () => void = () => undefined;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    const held = em().transactional(async (tx) => {
      const first = await recordEvent(tx, sellerId, event(aggregateId));
      written();
      await new Promise<void>((resolve) => (release = resolve));
      return first;
    });
    await isWritten;
    return { held, release };
  }

  /** Reads the positions above `start` over and over while `write` runs; each read that is not start+1, start+2, … is a gap. */
  async function readWhile(start: bigint, write: () => Promise<unknown>): Promise<string[]> {
    let writing = true;
    const gaps: string[] = [];
    const reader = (async () => {
      while (writing) {
        const rows = await database.orm.em
          .fork()
          .execute<{ position: string }[]>('select commit_position::text as position from outbox_event where commit_position > ? order by commit_position', [String(start)]);
        rows.forEach((row, index) => {
          if (BigInt(row.position) !== start + BigInt(index + 1)) gaps.push(rows.map((r) => r.position).join(','));
        });
      }
    })();
    try {
      await write();
    } finally {
      writing = false;
      await reader;
    }
    return gaps;
  }

  it('records an event that commits with its transaction, numbered per aggregate', async () => {
    await em().transactional(async (tx) => {
      await recordEvent(tx, sellerId, event('order-1', { n: 1 }));
      await recordEvent(tx, sellerId, event('order-1', { n: 2 }));
      await recordEvent(tx, sellerId, event('order-2', { n: 1 }));
    });
    const events = await eventsOf('order-1');
    expect(events.map((e) => [e.sequence, e.payload])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
    ]);
    expect((await eventsOf('order-2')).map((e) => e.sequence)).toEqual([1]);
    expect(toEnvelope(events[0]!)).toEqual({
      id: events[0]!.id,
      evento: 'pedido.criado',
      dataHora: events[0]!.createdAt.toISOString(),
      data: { n: 1 },
    });
  });

  it('leaves no event (and no notification, no used sequence) when the transaction rolls back', async () => {
    const before = notifications.length;
    await expect(
      em().transactional(async (tx) => {
        await recordEvent(tx, sellerId, event('order-rolled-back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf('order-rolled-back')).toEqual([]);

    await em().transactional((tx) => recordEvent(tx, sellerId, event('order-rolled-back')));
    expect((await eventsOf('order-rolled-back')).map((e) => e.sequence)).toEqual([1]);
    await waitFor(() => notifications.length > before);
    const payloads = notifications.slice(before).map((payload) => JSON.parse(payload) as { id: string });
    expect(payloads).toHaveLength(1);
  });

  it('refuses to record outside a transaction', async () => {
    await expect(recordEvent(em(), sellerId, event('order-3'))).rejects.toThrow(/outside a transaction/);
    expect(await eventsOf('order-3')).toEqual([]);
  });

  it('numbers concurrent writers of one aggregate without gaps or duplicates, in commit order', async () => {
    const writers = 20;
    await Promise.all(
      Array.from({ length: writers }, (_, i) => em().transactional((tx) => recordEvent(tx, sellerId, event('order-hot', { i })))),
    );
    const events = await eventsOf('order-hot');
    expect(events.map((e) => e.sequence)).toEqual(Array.from({ length: writers }, (_, i) => i + 1));
    // Commit order equals sequence order: creation times never go backwards along the sequence.
    const times = events.map((e) => e.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('stamps each event with its place in commit order, not the order it was written in', async () => {
    const { held, release } = await holdOpenAfterWriting('order-held');
    const later = await em().transactional(async (tx) => [
      await recordEvent(tx, sellerId, event('order-later', { n: 1 })),
      await recordEvent(tx, sellerId, event('order-later', { n: 2 })),
    ]);
    release();
    const first = await held;
    const position = async (id: string) => BigInt((await em().findOneOrFail(OutboxEvent, { id })).commitPosition!);
    const [later1, later2, held1] = [await position(later[0]!.id), await position(later[1]!.id), await position(first.id)];
    expect(first.id < later[0]!.id).toBe(true);
    expect([later2 - later1, held1 > later2]).toEqual([1n, true]);
  });

  it('never lets a reader see a commit position before every lower one is visible, and notifies in position order', async () => {
    const [row] = await database.orm.em.fork().execute<{ start: string }[]>('select coalesce(max(commit_position), 0)::text as start from outbox_event');
    const start = row!.start;
    const notified = notifications.length;
    const writers = 40;
    const gaps = await readWhile(BigInt(start), () =>
      Promise.all(
        Array.from({ length: writers }, (_, i) => em().transactional((tx) => recordEvent(tx, sellerId, event(`order-parallel-${i}`, { i })))),
      ),
    );
    expect(gaps).toEqual([]);
    await waitFor(() => notifications.length >= notified + writers, 10_000);
    const ids = notifications.slice(notified).map((payload) => (JSON.parse(payload) as { id: string }).id);
    const rows = await database.orm.em.fork().execute<{ id: string; position: string }[]>(
      `select id, commit_position::text as position from outbox_event where id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    const positionOf = new Map(rows.map((row) => [row.id, BigInt(row.position)]));
    const positions = ids.map((id) => positionOf.get(id)!);
    expect(positions).toEqual(Array.from({ length: writers }, (_, i) => BigInt(start) + BigInt(i + 1)));
  });

  it('keeps positions in commit order when events positioned in their statement, sent with its commit, mix with those stamped at commit', async () => {
    const [row] = await database.orm.em.fork().execute<{ start: string }[]>('select coalesce(max(commit_position), 0)::text as start from outbox_event');
    const start = BigInt(row!.start);
    // Written and held open before the positioned writers commit: it must still come after them.
    const { held, release } = await holdOpenAfterWriting('mixed-held');
    const writers = 30;
    const pairs = [(i: number) => event(`mixed-${i}`, { n: 1 }), (i: number) => event(`mixed-${i}`, { n: 2 })];
    let written: OutboxEvent[][] = [];
    const gaps = await readWhile(start, async () => {
      written = await Promise.all(
        Array.from({ length: writers }, (_, i) =>
          i % 2 === 0
            ? pipelinedTransaction(em(), async (tx, commitWithNext) => {
                commitWithNext();
                return recordEvents(tx, sellerId, pairs.map((make) => make(i)), { positioned: true });
              })
            : em().transactional((tx) => recordEvents(tx, sellerId, pairs.map((make) => make(i)))),
        ),
      );
    });
    release();
    const first = await held;
    expect(gaps).toEqual([]);
    const ids = [...written.flat().map((e) => e.id), first.id];
    const rows = await database.orm.em.fork().execute<{ id: string; position: string }[]>(
      `select id, commit_position::text as position from outbox_event where id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    const positionOf = new Map(rows.map((r) => [r.id, BigInt(r.position)]));
    // Every position drawn once, none lost: a positioned event stamped again at commit would leave a gap.
    expect([...positionOf.values()].sort((a, b) => (a < b ? -1 : 1))).toEqual(Array.from({ length: writers * 2 + 1 }, (_, i) => start + BigInt(i + 1)));
    // Within a transaction, write order; the held one after everything that committed before it.
    for (const pair of written) expect(positionOf.get(pair[1]!.id)! - positionOf.get(pair[0]!.id)!).toBe(1n);
    expect(positionOf.get(first.id)).toBe(start + BigInt(writers * 2 + 1));
  });

  it('writes an alongside change and stamps the marked payloads in the events\' one statement', async () => {
    // A table of this test's database that the extra writes go to.
    const counter = 'stamp_test';
    await database.orm.em.getConnection().execute(`create table ${counter} (n int not null)`);
    const stamp = {
      ctes: `stamped_value as (insert into ${counter} (n) values (?) returning n)`,
      params: [7],
      value: `(select jsonb_build_object('number', n) from stamped_value)`,
      settled: 'stamped_value',
    };
    const recorded = await em().transactional((tx) =>
      recordEvents(tx, sellerId, [{ ...event('order-stamped', { a: 1 }), stamped: true }, event('order-stamped', { b: 2 })], {
        alongside: { sql: `insert into ${counter} (n) values (?)`, params: [3] },
        stamp,
      }),
    );
    expect(recorded.map((e) => e.payload)).toEqual([{ a: 1, number: 7 }, { b: 2 }]);
    expect((await eventsOf('order-stamped')).map((e) => e.payload)).toEqual([{ a: 1, number: 7 }, { b: 2 }]);
    const rows = await database.orm.em.getConnection().execute<{ n: number }[]>(`select n from ${counter} order by n`);
    expect(rows.map((row) => row.n)).toEqual([3, 7]);
  });

  it('keeps sequences of equal aggregate ids of different sellers apart', async () => {
    const other = (await createTestSeller(database.orm)).id;
    await forkForSeller(database.orm, other).transactional((tx) => recordEvent(tx, other, event('order-1')));
    const ofOther = await forkForSeller(database.orm, other).find(OutboxEvent, { aggregateId: 'order-1' });
    expect(ofOther.map((e) => e.sequence)).toEqual([1]);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('outbox listener', () => {
  it('wakes on committed events only and catches up after losing its connection', async () => {
    const { listenForOutbox } = await import('../../src/events/outbox-listener.js');
    const database = await createTestDatabase();
    const sellerId = (await createTestSeller(database.orm)).id;
    const seen: string[] = [];
    let reconnects = 0;
    const listener = await listenForOutbox({
      databaseUrl: database.url,
      onNotification: (notification) => seen.push(notification.type),
      onReconnect: () => reconnects++,
      retryDelayMs: 50,
    });
    try {
      const em = () => forkForSeller(database.orm, sellerId);
      await em().transactional((tx) => recordEvent(tx, sellerId, event('o-1', {}, 'estoque.alterado')));
      await em()
        .transactional(async (tx) => {
          await recordEvent(tx, sellerId, event('o-2', {}, 'produto.preco_alterado'));
          throw new Error('rollback');
        })
        .catch(() => undefined);
      await waitFor(() => seen.length === 1);
      expect(seen).toEqual(['estoque.alterado']);

      // Kill the listener's backend: it must reconnect and say so.
      await database.orm.em.fork().execute(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
      );
      await waitFor(() => reconnects === 1);
      await em().transactional((tx) => recordEvent(tx, sellerId, event('o-3')));
      await waitFor(() => seen.length === 2);
      expect(seen).toEqual(['estoque.alterado', 'pedido.criado']);
    } finally {
      await listener.close();
      await database.drop();
    }
  });
});
