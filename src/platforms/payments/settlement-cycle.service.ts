import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.js';
import { transactionTime } from '../../db/transaction-time.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { recordEvent } from '../../events/outbox.js';
import { decodeCursor, pageOf, type Page } from '../../http/pagination.js';
import { isUuid } from '../../db/ids.js';
import { childrenOf } from '../platforms.loaders.js';
import { cycleCreated } from './payments.events.js';
import type { CloseCycleInput } from './payments.schemas.js';
import { SettlementCycle, SettlementEntry } from './settlement-cycle.entity.js';
import { payoutDateOf, settle } from './settlement-rules.js';
import { formatMoney, MONEY_MAX_CENTS, parseMoney } from '../../money.js';

export type SettlementSettings = Pick<Config, 'settlementFeePercent' | 'settlementPayoutDays'>;

/**
 * The most payments one cycle settles: its entries are written with it and listed whole
 * (GraphQL prices `entries` by this), so a period with more closes in shorter parts.
 */
export const SETTLEMENT_ENTRIES_MAX = 1000;

interface ApprovedPayment {
  id: string;
  order_id: string;
  amount: string;
}

/**
 * Closes a settlement cycle over [periodStart, periodEnd): every approved payment of the
 * seller's orders paid in the period (paidAt, or when it was recorded if the gateway sent
 * no paidAt) and not settled before. Records `ciclo.criado` in the same transaction.
 * Closing is serialised per seller (an advisory lock), so two overlapping requests cannot
 * both pass the overlap check.
 */
export async function closeSettlementCycle(
  em: EntityManager,
  sellerId: string,
  input: CloseCycleInput,
  settings: SettlementSettings,
): Promise<SettlementCycle> {
  const periodStart = new Date(input.periodStart);
  const periodEnd = new Date(input.periodEnd);
  if (periodEnd <= periodStart) throw validationFailed([{ path: '/periodEnd', message: 'must be after periodStart' }]);
  return em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtext('ponte:settlement:' || ?))`, [sellerId]);
    const now = await transactionTime(tx);
    if (periodEnd > now) throw validationFailed([{ path: '/periodEnd', message: 'a cycle closes a period that has ended' }]);
    await assertNoOverlap(tx, periodStart, periodEnd);
    const payments = await approvedPaymentsIn(tx, sellerId, periodStart, periodEnd);
    if (payments.length > SETTLEMENT_ENTRIES_MAX) {
      throw new AppError('QUOTA_EXCEEDED', `A cycle settles at most ${SETTLEMENT_ENTRIES_MAX} payments and the period has more: close a shorter period`, {
        limit: SETTLEMENT_ENTRIES_MAX,
      });
    }
    const figures = settle(
      payments.map((payment) => payment.amount),
      settings.settlementFeePercent,
    );
    // Every payment fits, but enough of them do not: such a period closes in shorter parts.
    if (parseMoney(figures.gross) > MONEY_MAX_CENTS) {
      throw validationFailed([{ path: '/periodEnd', message: `the period's ${payments.length} payments add up to more than ${formatMoney(MONEY_MAX_CENTS)}: close a shorter period` }]);
    }
    const cycle = tx.create(SettlementCycle, {
      seller: sellerId,
      periodStart,
      periodEnd,
      gross: figures.gross,
      fees: figures.fees,
      net: figures.net,
      feePercent: settings.settlementFeePercent,
      payoutDate: payoutDateOf(periodEnd, settings.settlementPayoutDays),
      paymentCount: payments.length,
      createdAt: now,
    });
    payments.forEach((payment, index) =>
      tx.create(SettlementEntry, {
        seller: sellerId,
        cycle: cycle.id,
        payment: payment.id,
        order: payment.order_id,
        ...figures.entries[index]!,
      }),
    );
    await tx.flush();
    await recordEvent(tx, sellerId, cycleCreated(cycle));
    return cycle;
  });
}

async function assertNoOverlap(tx: EntityManager, periodStart: Date, periodEnd: Date): Promise<void> {
  const overlapping = await tx.findOne(SettlementCycle, { periodStart: { $lt: periodEnd }, periodEnd: { $gt: periodStart } });
  if (overlapping) {
    throw new AppError('CONFLICT', 'The period overlaps a cycle already closed', {
      cycleId: overlapping.id,
      periodStart: overlapping.periodStart.toISOString(),
      periodEnd: overlapping.periodEnd.toISOString(),
    });
  }
}

/** Raw SQL is not seller-filtered: seller_id is named explicitly. Reads one past the cap at most. */
async function approvedPaymentsIn(tx: EntityManager, sellerId: string, periodStart: Date, periodEnd: Date): Promise<ApprovedPayment[]> {
  return tx.execute<ApprovedPayment[]>(
    `select p.id, p.order_id, p.amount::text as amount
       from order_payment p
      where p.seller_id = ? and p.status = 'approved'
        and coalesce(p.paid_at, p.created_at) >= ? and coalesce(p.paid_at, p.created_at) < ?
        and not exists (select 1 from settlement_entry e where e.payment_id = p.id)
      order by coalesce(p.paid_at, p.created_at), p.id
      limit ?`,
    [sellerId, periodStart, periodEnd, SETTLEMENT_ENTRIES_MAX + 1],
  );
}

/** Newest cycle first. */
export async function listSettlementCycles(em: EntityManager, page: { limit: number; cursor?: string }): Promise<Page<SettlementCycle>> {
  const before = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(SettlementCycle, before ? { id: { $lt: before } } : {}, { orderBy: { id: 'desc' }, limit: page.limit + 1 });
  return pageOf(rows, page.limit, (row) => [row.id]);
}

/** The seller's cycles with these ids (node(id:)); ids must be UUIDs. */
export async function findSettlementCycles(em: EntityManager, ids: readonly string[]): Promise<SettlementCycle[]> {
  return em.find(SettlementCycle, { id: { $in: [...ids] } });
}

export async function findSettlementCycle(em: EntityManager, id: string): Promise<SettlementCycle | null> {
  return isUuid(id) ? em.findOne(SettlementCycle, { id }) : null;
}

/** One cycle with the payments it settled (REST's shape); another seller's is absent (404). */
export async function getSettlementCycle(em: EntityManager, id: string): Promise<{ cycle: SettlementCycle; entries: SettlementEntry[] }> {
  const cycle = await findSettlementCycle(em, id);
  if (!cycle) throw notFound('Settlement cycle');
  return { cycle, entries: (await childrenOf(em, SettlementEntry, 'cycle', [cycle.id])).get(cycle.id)! };
}
