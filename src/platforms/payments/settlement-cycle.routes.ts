import { Type } from 'typebox';
import { pageQuery, pageRequest, viewPage } from '../../http/pagination.js';
import { problemResponse } from '../../http/problem.js';
import { callerOf, type RestRoutes } from '../../http/rest.js';
import { closeSettlementCycle, getSettlementCycle, listSettlementCycles, SETTLEMENT_ENTRIES_MAX } from './settlement-cycle.service.js';
import { CloseCycleSchema } from './payments.schemas.js';
import type { SettlementCycle, SettlementEntry } from './settlement-cycle.entity.js';
import { PAYMENTS } from './payments.platform.js';

const Id = Type.String({ format: 'uuid' });
const Amount = Type.String({ description: 'BRL, a decimal string with two places' });
const IdParams = Type.Object({ id: Type.String({ description: 'Settlement cycle id (UUID)' }) });

const CycleResponse = Type.Object({
  id: Id,
  periodStart: Type.String({ format: 'date-time', description: 'Inclusive' }),
  periodEnd: Type.String({ format: 'date-time', description: 'Exclusive' }),
  gross: Amount,
  fees: Amount,
  net: Amount,
  feePercent: Type.String({ description: 'Percent of each payment taken as fee, e.g. "2.50"' }),
  payoutDate: Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' }),
  paymentCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});
const EntryResponse = Type.Object({ id: Id, payment: Id, order: Id, amount: Amount, fee: Amount });
const CycleWithEntriesResponse = Type.Object({ ...CycleResponse.properties, entries: Type.Array(EntryResponse, { maxItems: SETTLEMENT_ENTRIES_MAX }) });

const cycleView = (cycle: SettlementCycle) => ({
  id: cycle.id,
  periodStart: cycle.periodStart.toISOString(),
  periodEnd: cycle.periodEnd.toISOString(),
  gross: cycle.gross,
  fees: cycle.fees,
  net: cycle.net,
  feePercent: cycle.feePercent,
  payoutDate: cycle.payoutDate,
  paymentCount: cycle.paymentCount,
  createdAt: cycle.createdAt.toISOString(),
});
const entryView = (entry: SettlementEntry) => ({ id: entry.id, payment: entry.payment, order: entry.order, amount: entry.amount, fee: entry.fee });

const tags = [PAYMENTS.sources.tag];

/** Settlement cycles over REST, for payment gateways and ERPs: the services of GraphQL's payments mutations; translation only. */
export const settlementCycleRoutes: RestRoutes = (app, { config }) => {
  app.post(
    '/ciclos',
    {
      // Periods may not overlap: each collection run closes the second before it.
      config: { scope: 'orders:write', collection: { recent: { '/periodStart': -2000, '/periodEnd': -1000 } } },
      schema: {
        tags,
        operationId: 'closeSettlementCycle',
        summary: 'Close a settlement cycle over an ended period: settles its approved payments not settled before; emits ciclo.criado',
        body: CloseCycleSchema,
        response: {
          201: CycleResponse,
          409: problemResponse(`CONFLICT: the period overlaps a cycle already closed; QUOTA_EXCEEDED: it has more payments than a cycle settles (${SETTLEMENT_ENTRIES_MAX}, in \`limit\`): close a shorter period`),
        },
      },
    },
    async (request, reply) => reply.status(201).send(cycleView(await closeSettlementCycle(request.em, callerOf(request).sellerId, request.body, config))),
  );

  app.get(
    '/ciclos',
    {
      config: { scope: 'orders:read' },
      schema: { tags, operationId: 'listSettlementCycles', summary: 'Settlement cycles, newest first', querystring: pageQuery(config.pageSizeMax).schema, response: { 200: Type.Object({ data: Type.Array(CycleResponse), nextCursor: Type.Union([Type.String(), Type.Null()]) }) } },
    },
    async (request) => {
      callerOf(request);
      return viewPage(await listSettlementCycles(request.em, pageRequest(request.query, config.pageSizeDefault)), (rows) => rows.map(cycleView));
    },
  );

  app.get(
    '/ciclos/:id',
    { config: { scope: 'orders:read' }, schema: { tags, operationId: 'getSettlementCycle', summary: 'One settlement cycle with the payments it settled', params: IdParams, response: { 200: CycleWithEntriesResponse } } },
    async (request) => {
      callerOf(request);
      const { cycle, entries } = await getSettlementCycle(request.em, request.params.id);
      return { ...cycleView(cycle), entries: entries.map(entryView) };
    },
  );
};
