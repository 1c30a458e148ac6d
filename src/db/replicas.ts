import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import { createOrm, scopeToSeller, type Orm } from './orm.js';
import { isDatabaseUnavailable } from './unavailable.js';

export interface ReplicaOptions {
  primaryUrl: string;
  replicaUrls: readonly string[];
  entities: readonly EntityClass[];
  /** A replica further behind than this serves nobody (REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often the primary's WAL position and each replica's replay position are read (REPLICA_CHECK_MS). */
  checkMs: number;
  logger: Logger;
  metrics?: Registry;
}

/** What a replica's health check found. */
export interface ReplicaState {
  /** host:port/database, never credentials. */
  replica: string;
  state: 'ok' | 'lagging' | 'down';
  /** How far behind the primary it was at its last check; null while down or not checked yet. */
  lagSeconds: number | null;
}

/** A sample of the primary: every transaction committed before `at` wrote its WAL up to `lsn`. */
interface Sample {
  at: number;
  lsn: bigint;
}

interface Replica {
  name: string;
  orm: Orm;
  monitor: pg.Client | undefined;
  /** Every transaction committed on the primary before this time is visible here (0: nothing known). */
  caughtUpTo: number;
  up: boolean;
  /** The time of the last check that reached it. */
  checkedAt: number;
}

/** How long a check may take before its replica counts as down. */
const CHECK_TIMEOUT_MS = 2000;

/** `0/3016038` → a number that orders like the position. */
export function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/**
 * Streaming replicas that take reads which tolerate lag (DATABASE_READ_URL), chosen so
 * that a reader never sees the past of its own writes. Every REPLICA_CHECK_MS the primary's
 * WAL position is sampled (with the time before the sample) and each replica's replay
 * position read; a replica whose replay position has reached a sample holds every
 * transaction that committed before that sample's time: that time is how far it has caught
 * up, and `now - caughtUpTo` its lag. A read goes to a replica that is up, lags at most
 * REPLICA_MAX_LAG_MS and has caught up past the caller's last write (recorded once the
 * write's response was sent, after its commit); otherwise to the primary. A replica that
 * fails a read is marked down at once and the read runs again on the primary.
 */
export class ReadReplicas {
  private readonly replicas: Replica[];
  private readonly samples: Sample[] = [];
  private primary: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Each writer's last write, as long as it can matter: a replica serving at all has caught up past anything older than maxLagMs. */
  private readonly writes: LRUCache<string, number>;
  private readonly reads: Counter<'target'>;

  private constructor(
    private readonly options: ReplicaOptions,
    replicas: Replica[],
  ) {
    this.replicas = replicas;
    this.writes = new LRUCache<string, number>({ max: 100_000, ttl: options.maxLagMs });
    const registers = options.metrics ? [options.metrics] : [];
    const self = this;
    new Gauge({
      name: 'ponte_db_replica_lag_seconds',
      help: 'How far each read replica is behind the primary (at its last check); absent while down',
      labelNames: ['replica'],
      registers,
      collect() {
        this.reset();
        for (const state of self.states()) if (state.lagSeconds !== null) this.set({ replica: state.replica }, state.lagSeconds);
      },
    });
    new Gauge({
      name: 'ponte_db_replica_up',
      help: 'Whether each read replica answered its last check (1) or not (0)',
      labelNames: ['replica'],
      registers,
      collect() {
        for (const state of self.states()) this.set({ replica: state.replica }, state.state === 'down' ? 0 : 1);
      },
    });
    this.reads = new Counter({ name: 'ponte_db_reads_total', help: 'Reads that tolerate lag, by where they ran: replica or primary', labelNames: ['target'], registers });
  }

  /** The replicas of DATABASE_READ_URL, checked from now on; none when the list is empty. */
  static async start(options: ReplicaOptions): Promise<ReadReplicas | undefined> {
    if (options.replicaUrls.length === 0) return undefined;
    const replicas = await Promise.all(
      options.replicaUrls.map(async (url) => ({
        name: nameOf(url),
        // The pool connects on first use: a replica down at start is only marked so.
        orm: await createOrm(url, { entities: options.entities }),
        monitor: undefined,
        caughtUpTo: 0,
        up: false,
        checkedAt: 0,
      })),
    );
    const started = new ReadReplicas(options, replicas);
    await started.check();
    started.schedule();
    return started;
  }

  /** Notes that `writer` (a token, an application) has just written: its reads stay on the primary until a replica has it. */
  wrote(writer: string): void {
    this.writes.set(writer, Date.now());
  }

  /**
   * Runs `work` on a replica that serves `writer`, scoped to `sellerId`, or on the primary
   * (`primary()`) when none does, or when the replica fails to answer.
   */
  async read<T>(writer: string | undefined, sellerId: string | undefined, work: (em: EntityManager) => Promise<T>, primary: () => EntityManager): Promise<T> {
    const replica = this.pick(writer === undefined ? 0 : (this.writes.get(writer) ?? 0));
    if (replica) {
      const em = replica.orm.em.fork();
      if (sellerId) scopeToSeller(em, sellerId);
      try {
        const result = await work(em);
        this.reads.inc({ target: 'replica' });
        return result;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        this.options.logger.warn({ err: error, replica: replica.name }, 'read replica failed a read; reading from the primary until it answers a check');
        replica.up = false;
      }
    }
    this.reads.inc({ target: 'primary' });
    return work(primary());
  }

  states(): ReplicaState[] {
    const now = Date.now();
    return this.replicas.map((replica) => {
      if (!replica.up) return { replica: replica.name, state: 'down', lagSeconds: null };
      const lagMs = Math.max(0, now - replica.caughtUpTo);
      return { replica: replica.name, state: lagMs <= this.options.maxLagMs ? 'ok' : 'lagging', lagSeconds: lagMs / 1000 };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.checking;
    await Promise.all([this.primary, ...this.replicas.map((replica) => replica.monitor)].map((client) => client?.end().catch(() => undefined)));
    await Promise.all(this.replicas.map((replica) => replica.orm.close(true)));
  }

  /** The replica with the least lag among those that serve a writer whose last write was at `since` (0: none recent). */
  private pick(since: number): Replica | undefined {
    const oldest = Math.max(since, Date.now() - this.options.maxLagMs);
    let best: Replica | undefined;
    for (const replica of this.replicas) {
      if (replica.up && replica.caughtUpTo >= oldest && (!best || replica.caughtUpTo > best.caughtUpTo)) best = replica;
    }
    return best;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.checking = this.check().finally(() => this.schedule());
    }, this.options.checkMs);
    this.timer.unref();
  }

  /** One round: a sample of the primary, then each replica's replay position against the samples. */
  private async check(): Promise<void> {
    const at = Date.now();
    try {
      this.primary ??= await connect(this.options.primaryUrl);
      const [row] = (await withTimeout(this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))).rows;
      this.samples.push({ at, lsn: parseLsn(row!.lsn) });
    } catch (error) {
      this.options.logger.warn({ err: error }, 'read replicas: the primary\'s WAL position could not be read');
      await this.primary?.end().catch(() => undefined);
      this.primary = undefined;
    }
    // Samples older than the lag allowed can no longer make a replica serve.
    while (this.samples.length > 1 && this.samples[1]!.at < Date.now() - this.options.maxLagMs * 2) this.samples.shift();
    await Promise.all(this.replicas.map((replica) => this.checkReplica(replica)));
  }

  private async checkReplica(replica: Replica): Promise<void> {
    try {
      replica.monitor ??= await connect(replica.orm.config.get('clientUrl')!);
      const [row] = (await withTimeout(replica.monitor.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn'))).rows;
      // Null: not a standby (or not replaying): it cannot tell how far it has caught up.
      if (!row?.lsn) throw new Error(`${replica.name} is not a streaming replica (pg_last_wal_replay_lsn() is null)`);
      const replayed = parseLsn(row.lsn);
      for (const sample of this.samples) if (sample.lsn <= replayed) replica.caughtUpTo = Math.max(replica.caughtUpTo, sample.at);
      if (!replica.up) this.options.logger.info({ replica: replica.name }, 'read replica up');
      replica.up = true;
      replica.checkedAt = Date.now();
    } catch (error) {
      if (replica.up) this.options.logger.warn({ err: error, replica: replica.name }, 'read replica down: reads go to the primary');
      replica.up = false;
      await replica.monitor?.end().catch(() => undefined);
      replica.monitor = undefined;
    }
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CHECK_TIMEOUT_MS, keepAlive: true });
  // A monitoring connection that drops is replaced at the next check.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function nameOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}
