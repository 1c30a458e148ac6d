import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestSeller, createTestToken, startTestApp, type TestApp } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { addPayment, approvedPayment, orderIn, orderSeller } from '../orders/fixtures.js';

/**
 * The event sources of the per-product webhooks over REST (carriers, gateways and help
 * desks speak REST): the same services as the GraphQL mutations, so the same rules, the
 * same events, and the same error codes.
 */
describe('REST event sources', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('shipments and tracking events: frete.rastreio and rastreio.atualizado with the same data', async () => {
    const seller = await orderSeller(server);
    const order = await orderIn(server, seller, 'faturado');
    const created = await call(server, seller, 'POST', `/pedidos/${order.id}/envios`, { carrier: 'Correios', trackingCode: 'BR123', trackingUrl: 'https://rastreio.example.com/BR123' });
    expect(created).toMatchObject({ status: 201, body: { order: order.id, carrier: 'Correios', trackingCode: 'BR123', status: null, trackingEvents: [] } });
    const shipmentId = created.body.id as string;

    const tracked = await call(server, seller, 'POST', `/envios/${shipmentId}/rastreio`, { status: 'in_transit', description: 'Em trânsito', location: 'Curitiba/PR', at: '2026-01-02T03:04:05.000Z' });
    expect(tracked).toMatchObject({ status: 201, body: { status: 'in_transit', location: 'Curitiba/PR', at: '2026-01-02T03:04:05.000Z' } });
    const data = { orderId: order.id, shipmentId, carrier: 'Correios', trackingCode: 'BR123', status: 'in_transit', description: 'Em trânsito', location: 'Curitiba/PR', at: '2026-01-02T03:04:05.000Z' };
    expect((await recordedEvents(server.orm, seller.id, 'frete.rastreio')).map((event) => event.payload)).toEqual([data]);
    expect((await recordedEvents(server.orm, seller.id, 'rastreio.atualizado')).map((event) => event.payload)).toEqual([data]);

    const one = await call(server, seller, 'GET', `/envios/${shipmentId}`);
    expect(one).toMatchObject({ status: 200, body: { id: shipmentId, status: 'in_transit', trackingEvents: [{ id: tracked.body.id, description: 'Em trânsito' }] } });
    expect(await call(server, seller, 'GET', `/pedidos/${order.id}/envios`)).toMatchObject({ status: 200, body: { data: [{ id: shipmentId, trackingEvents: [{ status: 'in_transit' }] }], nextCursor: null } });

    // The rules are the service's: a used tracking code, an order not yet invoiced, another seller's order.
    expect((await call(server, seller, 'POST', `/pedidos/${order.id}/envios`, { carrier: 'Correios', trackingCode: 'BR123' })).body.code).toBe('CONFLICT');
    const pending = await orderIn(server, seller, 'pendente');
    expect((await call(server, seller, 'POST', `/pedidos/${pending.id}/envios`, { carrier: 'Correios', trackingCode: 'BR999' })).status).toBe(409);
    const stranger = await orderSeller(server);
    expect((await call(server, stranger, 'GET', `/envios/${shipmentId}`)).status).toBe(404);
    expect((await call(server, stranger, 'POST', `/envios/${shipmentId}/rastreio`, { status: 'delivered', description: 'x' })).status).toBe(404);
    const invalid = await call(server, seller, 'POST', `/envios/${shipmentId}/rastreio`, { status: 'teleported', description: '' });
    expect(invalid).toMatchObject({ status: 422, body: { code: 'VALIDATION_FAILED' } });
    expect(invalid.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['/description', '/status']);
  });

  it('carrier chat: each message is a chatTransportadora event, listed oldest first', async () => {
    const seller = await orderSeller(server);
    const order = await orderIn(server, seller, 'aprovado');
    const first = await call(server, seller, 'POST', `/pedidos/${order.id}/chat-transportadora`, { sender: 'seller', message: 'Coleta hoje?' });
    const second = await call(server, seller, 'POST', `/pedidos/${order.id}/chat-transportadora`, { sender: 'carrier', authorName: 'Transportadora X', message: 'Sim, às 15h' });
    expect(first).toMatchObject({ status: 201, body: { order: order.id, sender: 'seller', authorName: null } });
    expect((await recordedEvents(server.orm, seller.id, 'chatTransportadora')).map((event) => event.payload.message)).toEqual(['Coleta hoje?', 'Sim, às 15h']);
    const page = await call(server, seller, 'GET', `/pedidos/${order.id}/chat-transportadora?limit=1`);
    expect(page.body.data.map((message: { id: string }) => message.id)).toEqual([first.body.id]);
    const rest = await call(server, seller, 'GET', `/pedidos/${order.id}/chat-transportadora?cursor=${page.body.nextCursor}`);
    expect(rest.body).toEqual({ data: [expect.objectContaining({ id: second.body.id, message: 'Sim, às 15h' })], nextCursor: null });
  });

  it('settlement cycles: closing one settles the period\'s approved payments and emits ciclo.criado', async () => {
    const seller = await orderSeller(server);
    const order = await orderIn(server, seller, 'pendente');
    const paidAt = '2026-01-15T10:00:00.000Z';
    expect((await addPayment(server, seller, order.id, { ...approvedPayment(order.amounts.total), paidAt })).status).toBe(201);
    const period = { periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z' };
    const closed = await call(server, seller, 'POST', '/ciclos', period);
    expect(closed).toMatchObject({ status: 201, body: { ...period, gross: order.amounts.total, paymentCount: 1, payoutDate: '2026-03-03' } });
    expect((await recordedEvents(server.orm, seller.id, 'ciclo.criado')).map((event) => event.payload)).toEqual([
      expect.objectContaining({ idCiclo: closed.body.id, valorBruto: order.amounts.total, valorLiquido: closed.body.net }),
    ]);
    const one = await call(server, seller, 'GET', `/ciclos/${closed.body.id}`);
    expect(one.body.entries).toEqual([expect.objectContaining({ order: order.id, amount: order.amounts.total })]);
    expect((await call(server, seller, 'GET', '/ciclos')).body).toEqual({ data: [expect.objectContaining({ id: closed.body.id })], nextCursor: null });
    expect((await call(server, seller, 'POST', '/ciclos', period)).body.code).toBe('CONFLICT');
    expect((await call(server, seller, 'POST', '/ciclos', { periodStart: period.periodEnd, periodEnd: period.periodStart })).status).toBe(422);
  });

  it('support cases and messages: atendimento.criado, .mensagem (the source\'s fields) and .encerrado', async () => {
    const seller = await createTestSeller(server.orm);
    const opened = await call(server, seller, 'POST', '/atendimentos', { channel: 'whatsapp', subject: 'Atraso', customerName: 'Ana', message: 'Cadê?' });
    expect(opened).toMatchObject({ status: 201, body: { channel: 'whatsapp', status: 'open', closedAt: null } });
    const caseId = opened.body.id as string;
    const reply = await call(server, seller, 'POST', `/atendimentos/${caseId}/mensagens`, { direction: 'saida', message: 'Chega amanhã' });
    expect(reply).toMatchObject({ status: 201, body: { direction: 'saida', channel: 'whatsapp' } });
    const closed = await call(server, seller, 'POST', `/atendimentos/${caseId}/encerramento`);
    expect(closed).toMatchObject({ status: 200, body: { status: 'closed' } });

    expect((await recordedEvents(server.orm, seller.id)).map((event) => event.type)).toEqual(['atendimento.criado', 'atendimento.mensagem', 'atendimento.mensagem', 'atendimento.encerrado']);
    expect((await recordedEvents(server.orm, seller.id, 'atendimento.mensagem'))[1]!.payload).toStrictEqual({
      idAtendimento: caseId,
      canal: 'whatsapp',
      direcao: 'saida',
      mensagem: 'Chega amanhã',
      dataHora: reply.body.at,
    });
    const one = await call(server, seller, 'GET', `/atendimentos/${caseId}`);
    expect(one.body.messages.map((message: { direction: string }) => message.direction)).toEqual(['entrada', 'saida']);
    expect((await call(server, seller, 'GET', '/atendimentos?status=closed')).body.data.map((entry: { id: string }) => entry.id)).toEqual([caseId]);
    expect((await call(server, seller, 'GET', '/atendimentos?status=open')).body.data).toEqual([]);
    expect((await call(server, seller, 'POST', `/atendimentos/${caseId}/mensagens`, { direction: 'entrada', message: 'Oi?' })).status).toBe(409);
    expect((await call(server, seller, 'POST', `/atendimentos/${caseId}/encerramento`)).status).toBe(409);
  });

  it('reads take orders:read, writes orders:write', async () => {
    const seller = await orderSeller(server);
    const reader = await createTestToken(server.orm, seller.id, ['orders:read']);
    expect((await call(server, reader, 'POST', '/atendimentos', { channel: 'chat', subject: 'x' })).status).toBe(403);
    expect((await call(server, reader, 'POST', '/ciclos', { periodStart: '2025-01-01T00:00:00Z', periodEnd: '2025-01-02T00:00:00Z' })).status).toBe(403);
    expect((await call(server, reader, 'GET', '/atendimentos')).status).toBe(200);
    const catalogOnly = await createTestToken(server.orm, seller.id, ['catalog:read']);
    expect((await call(server, catalogOnly, 'GET', '/ciclos')).status).toBe(403);
  });

  it('are in their product\'s OpenAPI document with an operationId, the seller token and their request and response schemas', async () => {
    const documents: Record<string, any> = {};
    for (const slug of ['logistics', 'payments', 'support']) documents[slug] = await (await fetch(`${server.url}/openapi/${slug}.json`)).json();
    for (const [slug, path, method] of [
      ['logistics', '/pedidos/{id}/envios', 'post'],
      ['logistics', '/envios/{id}/rastreio', 'post'],
      ['logistics', '/pedidos/{id}/chat-transportadora', 'post'],
      ['payments', '/ciclos', 'post'],
      ['support', '/atendimentos', 'post'],
      ['support', '/atendimentos/{id}/mensagens', 'post'],
    ]) {
      const operation = documents[slug!].paths[path!]?.[method!];
      expect(operation, `${slug}: ${method} ${path}`).toBeDefined();
      expect(operation.operationId).toBeTruthy();
      expect(operation.security).toEqual([{ sellerToken: [] }]);
      expect(operation['x-required-scopes']).toEqual(['orders:write']);
      expect(operation.requestBody.content['application/json'].schema).toBeDefined();
      expect(operation.responses['201']).toBeDefined();
    }
    expect(documents.support.paths['/atendimentos/{id}/encerramento'].post.responses['409']).toBeDefined();
    expect(documents.logistics.paths['/ciclos']).toBeUndefined();
  });
});
