import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors.js';
import type { Orm } from '../db/orm.js';
import { forkForSeller } from '../db/orm.js';
import { requireSandbox, SIMULATOR_CHANNEL, type SandboxCaller } from './sandbox.js';
import { cancelSimulatedOrder, paySimulatedOrder, placeSimulatedOrders } from './simulator.service.js';
import type { Random } from './simulated-order.js';

export interface ScheduleInput {
  ordersPerMinute: number;
  /** The chance, after each order, that the marketplace confirms the payment of the oldest waiting order. */
  payRate: number;
  /** The chance, after each order, that a buyer cancels the oldest waiting order. */
  cancelRate: number;
}

export interface ScheduleView extends ScheduleInput {
  running: boolean;
  /** When the next order is due; null when stopped. */
  nextRunAt: string | null;
}

interface ScheduleRow {
  orders_per_minute: number;
  pay_rate: number;
  cancel_rate: number;
  next_run_at: Date | string;
}

const STOPPED: ScheduleView = { ordersPerMinute: 0, payRate: 0, cancelRate: 0, running: false, nextRunAt: null };

function scheduleView(row: ScheduleRow | undefined): ScheduleView {
  if (!row) return STOPPED;
  const running = row.orders_per_minute > 0;
  return {
    ordersPerMinute: row.orders_per_minute,
    payRate: row.pay_rate,
    cancelRate: row.cancel_rate,
    running,
    nextRunAt: running ? new Date(row.next_run_at).toISOString() : null,
  };
}

/** `PUT /simulador/agenda`: starts, changes or (`ordersPerMinute: 0`) stops the background orders; the first is due at once. */
export async function putSchedule(em: EntityManager, caller: SandboxCaller, input: ScheduleInput): Promise<ScheduleView> {
  requireSandbox(caller);
  const [row] = await em.execute<ScheduleRow[]>(
    `insert into simulator_schedule (seller_id, orders_per_minute, pay_rate, cancel_rate, next_run_at, updated_at)
     values (?, ?, ?, ?, now(), now())
     on conflict (seller_id) do update
       set orders_per_minute = excluded.orders_per_minute, pay_rate = excluded.pay_rate, cancel_rate = excluded.cancel_rate,
           next_run_at = excluded.next_run_at, updated_at = excluded.updated_at
     returning orders_per_minute, pay_rate, cancel_rate, next_run_at`,
    [caller.sellerId, input.ordersPerMinute, input.payRate, input.cancelRate],
  );
  return scheduleView(row);
}

/** `GET /simulador/agenda`: stopped (all zeros) until one is set. */
export async function getSchedule(em: EntityManager, caller: SandboxCaller): Promise<ScheduleView> {
  requireSandbox(caller);
  const [row] = await em.execute<ScheduleRow[]>(
    `select orders_per_minute, pay_rate, cancel_rate, next_run_at from simulator_schedule where seller_id = ?`,
    [caller.sellerId],
  );
  return scheduleView(row);
}

/** At most this many orders per seller and pass, and no backlog older than this is caught up after a pause. */
const MAX_RUNS_PER_PASS = 20;
const MAX_BACKLOG = '5 seconds';

export interface DueRuns {
  sellerId: string;
  runs: number;
  payRate: number;
  cancelRate: number;
}

/**
 * Claims the schedules whose next order is due, in one statement: each moves its
 * `nextRunAt` past the orders it will now place (`runs`), so two dispatchers never place
 * the same ones (the rows are locked, SKIP LOCKED). Spans sellers: the schedule is the
 * worker's list of work. A process that stopped for a while places at most a few seconds'
 * worth when it comes back, not the whole pause.
 */
export async function claimDueRuns(orm: Orm): Promise<DueRuns[]> {
  const rows = await orm.em.fork().execute<{ seller_id: string; runs: number; pay_rate: number; cancel_rate: number }[]>(
    `with due as (
       select seller_id, next_run_at, orders_per_minute,
              least(?, floor(extract(epoch from now() - next_run_at) * orders_per_minute / 60)::int + 1) as runs
         from simulator_schedule
        where orders_per_minute > 0 and next_run_at <= now()
        order by next_run_at
        limit 50
        for update skip locked
     )
     update simulator_schedule s
        set next_run_at = greatest(due.next_run_at + due.runs * (interval '1 minute' / due.orders_per_minute), now() - interval '${MAX_BACKLOG}')
       from due
      where s.seller_id = due.seller_id
     returning s.seller_id, due.runs, s.pay_rate, s.cancel_rate`,
    [MAX_RUNS_PER_PASS],
  );
  return rows.map((row) => ({ sellerId: row.seller_id, runs: row.runs, payRate: row.pay_rate, cancelRate: row.cancel_rate }));
}

/** The oldest `simulador` order still waiting for its payment, if any. */
async function oldestWaitingOrder(em: EntityManager, sellerId: string): Promise<string | undefined> {
  const [row] = await em.execute<{ id: string }[]>(
    `select id from sales_order where seller_id = ? and channel = ? and status = 'pendente' order by created_at, id limit 1`,
    [sellerId, SIMULATOR_CHANNEL],
  );
  return row?.id;
}

/** What one seller's due runs did (for the worker's log). */
export interface RunOutcome {
  placed: number;
  paid: number;
  cancelled: number;
}

/** Whether the seller's schedule still runs: a `PUT` with `ordersPerMinute: 0` stops the runs already claimed too. */
async function stillScheduled(em: EntityManager, sellerId: string): Promise<boolean> {
  const [row] = await em.execute<{ orders_per_minute: number }[]>(`select orders_per_minute from simulator_schedule where seller_id = ?`, [sellerId]);
  return (row?.orders_per_minute ?? 0) > 0;
}

/**
 * Places the claimed orders; after each, the marketplace pays the oldest waiting order with
 * probability `payRate` and a buyer cancels the oldest waiting one with probability
 * `cancelRate`. An order that cannot be placed (nothing left on sale), a schedule stopped
 * meanwhile or a process shutting down (`keepGoing`) ends the runs.
 */
export async function performRuns(orm: Orm, due: DueRuns, random: Random = Math.random, keepGoing: () => boolean = () => true): Promise<RunOutcome> {
  const em = forkForSeller(orm, due.sellerId);
  const caller = { sellerId: due.sellerId, sandbox: true };
  const outcome: RunOutcome = { placed: 0, paid: 0, cancelled: 0 };
  for (let run = 0; run < due.runs && keepGoing() && (await stillScheduled(em, due.sellerId)); run++) {
    try {
      outcome.placed += (await placeSimulatedOrders(em, caller, { count: 1 }, random)).length;
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_STOCK') break;
      throw error;
    }
    if (random() < due.payRate) outcome.paid += await actOnOldestWaiting(em, caller, (id) => paySimulatedOrder(em, caller, id));
    if (random() < due.cancelRate) outcome.cancelled += await actOnOldestWaiting(em, caller, (id) => cancelSimulatedOrder(em, caller, id));
  }
  return outcome;
}

/** 1 when there was a waiting order and the action went through; a concurrent change (already paid) is no error here. */
async function actOnOldestWaiting(em: EntityManager, caller: SandboxCaller, action: (orderId: string) => Promise<unknown>): Promise<number> {
  const orderId = await oldestWaitingOrder(em, caller.sellerId);
  if (!orderId) return 0;
  try {
    await action(orderId);
    return 1;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_TRANSITION') return 0;
    throw error;
  }
}
