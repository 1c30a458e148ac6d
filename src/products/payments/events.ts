import { Type } from 'typebox';
import { defineEvent } from '../../events/catalogue.js';
import type { EventInput } from '../../events/outbox.js';
import { PRODUCT_EVENTS } from '../catalogue.js';
import type { SettlementCycle } from './settlement-cycle.entity.js';

// The payments events: the data schema of a closed cycle, its declaration and its builder.

const Amount = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['1250.00'], description: 'BRL, a decimal string with two places' });

const CycleCreatedPayload = Type.Object({
  cycleId: Type.String({ format: 'uuid' }),
  periodStart: Type.String({ format: 'date-time' }),
  periodEnd: Type.String({ format: 'date-time' }),
  gross: Amount,
  fees: Amount,
  net: Amount,
  feePercent: Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['2.50'], description: 'The fee percentage the cycle was closed with' }),
  payoutDate: Type.String({ format: 'date' }),
  paymentCount: Type.Integer({ minimum: 0 }),
  currency: Type.Literal('BRL'),
});

declare module '../../events/catalogue.js' {
  interface EventSchemas {
    'ciclo.criado': typeof CycleCreatedPayload;
  }
}

/** A cycle settles orders' payments: reading it takes `orders:read`. */
export const PAYMENTS_EVENTS = [defineEvent(PRODUCT_EVENTS.cycleCreated, { payload: CycleCreatedPayload, readScope: 'orders:read' })];

/** `ciclo.criado`: a settlement cycle, once closed. */
export function cycleCreated(cycle: SettlementCycle): EventInput<'ciclo.criado'> {
  return {
    type: PRODUCT_EVENTS.cycleCreated,
    aggregateType: 'settlement_cycle',
    aggregateId: cycle.id,
    data: {
      cycleId: cycle.id,
      periodStart: cycle.periodStart.toISOString(),
      periodEnd: cycle.periodEnd.toISOString(),
      gross: cycle.gross,
      fees: cycle.fees,
      net: cycle.net,
      feePercent: cycle.feePercent,
      payoutDate: cycle.payoutDate,
      paymentCount: cycle.paymentCount,
      currency: 'BRL',
    },
  };
}
