import { Type } from 'typebox';
import { defineEvent } from '../../events/event-registry.js';
import type { EventInput } from '../../events/outbox.js';
import type { SettlementCycle } from './settlement-cycle.entity.js';

// The payments events: the data schema of a closed cycle, its declaration and its builder.
// Payments registrations also take aplicativo.removido, whose words are the customer-service
// product's (Portuguese): so that one product's payloads speak one language, ciclo.criado
// speaks it too (docs/platforms.md, "Payload language").

const Amount = Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['1250.00'], description: 'BRL, a decimal string with two places' });

const CycleCreatedPayload = Type.Object({
  idCiclo: Type.String({ format: 'uuid' }),
  inicioPeriodo: Type.String({ format: 'date-time', description: 'Inclusive' }),
  fimPeriodo: Type.String({ format: 'date-time', description: 'Exclusive' }),
  valorBruto: Amount,
  taxas: Amount,
  valorLiquido: Amount,
  percentualTaxa: Type.String({ pattern: '^\\d+\\.\\d{2}$', examples: ['2.50'], description: 'The fee percentage the cycle was closed with' }),
  dataRepasse: Type.String({ format: 'date', description: 'The payout date' }),
  quantidadePagamentos: Type.Integer({ minimum: 0 }),
  moeda: Type.Literal('BRL'),
});

declare module '../../events/event-registry.js' {
  interface EventSchemas {
    'ciclo.criado': typeof CycleCreatedPayload;
  }
}

/** A cycle settles orders' payments: reading it takes `orders:read`. */
export const PAYMENTS_EVENTS = [defineEvent('ciclo.criado', { payload: CycleCreatedPayload, readScope: 'orders:read' })];

/** `ciclo.criado`: a settlement cycle, once closed. */
export function cycleCreated(cycle: SettlementCycle): EventInput<'ciclo.criado'> {
  return {
    type: 'ciclo.criado',
    aggregateType: 'settlement_cycle',
    aggregateId: cycle.id,
    data: {
      idCiclo: cycle.id,
      inicioPeriodo: cycle.periodStart.toISOString(),
      fimPeriodo: cycle.periodEnd.toISOString(),
      valorBruto: cycle.gross,
      taxas: cycle.fees,
      valorLiquido: cycle.net,
      percentualTaxa: cycle.feePercent,
      dataRepasse: cycle.payoutDate,
      quantidadePagamentos: cycle.paymentCount,
      moeda: 'BRL',
    },
  };
}
