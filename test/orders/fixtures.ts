import { putChannel } from '../../src/catalog/channel.service.js';
import { forkForSeller, type Orm } from '../../src/db/orm.js';
import type { TestApp, TestSeller } from '../support/app.js';
import { createTestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { ACCESS_KEY, CHANNELS, orderBody, SKUS } from './order-body.js';

export { ACCESS_KEY, CHANNELS, orderBody, SKUS, VALID_CNPJ, VALID_CPF } from './order-body.js';

/** A seller ready to take orders: CHANNELS configured and SKUS with `onHand` units each. */
export async function orderSeller(server: { orm: Orm }, options: { onHand?: number; sandbox?: boolean } = {}): Promise<TestSeller> {
  const seller = await createTestSeller(server.orm, { sandbox: options.sandbox });
  const em = forkForSeller(server.orm, seller.id);
  for (const code of CHANNELS) await putChannel(em, seller.id, code, { name: code });
  for (const sku of SKUS) await createSellableSku(server.orm, seller.id, { sku, onHand: options.onHand ?? 10_000 });
  return seller;
}

export interface Reply<T = any> {
  status: number;
  body: T;
}

export async function call<T = any>(
  server: TestApp,
  seller: TestSeller,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? { authorization: seller.headers.authorization! } : seller.headers), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export const createOrder = (server: TestApp, seller: TestSeller, body = orderBody(), headers: Record<string, string> = {}) =>
  call(server, seller, 'POST', '/pedidos', body, headers);

export const changeStatus = (server: TestApp, seller: TestSeller, id: string, body: Record<string, unknown>) =>
  call(server, seller, 'PATCH', `/pedidos/${id}/status`, body);

export const addPayment = (server: TestApp, seller: TestSeller, id: string, body: Record<string, unknown>) =>
  call(server, seller, 'POST', `/pedidos/${id}/pagamentos`, body);

export const approvedPayment = (amount = '120.00') => ({ method: 'pix', status: 'approved', amount });

/** The body that moves an order to each manual target. */
export const MOVE_TO: Record<string, Record<string, unknown>> = {
  faturado: { status: 'faturado', invoice: { number: '123', series: '1', accessKey: ACCESS_KEY } },
  enviado: { status: 'enviado', shipment: { carrier: 'Correios', trackingCode: 'BR123456789BR' } },
  entregue: { status: 'entregue' },
  cancelado: { status: 'cancelado', reason: 'customer gave up' },
};

/** The API path from a new order to each status. */
export const PATH_TO: Record<string, string[]> = {
  pendente: [],
  aprovado: ['aprovado'],
  faturado: ['aprovado', 'faturado'],
  enviado: ['aprovado', 'faturado', 'enviado'],
  entregue: ['aprovado', 'faturado', 'enviado', 'entregue'],
  cancelado: ['cancelado'],
};

/** Creates an order (pendente) and walks it through the API to `status`. */
export async function orderIn(server: TestApp, seller: TestSeller, status: string, body = orderBody()): Promise<any> {
  const created = await createOrder(server, seller, body);
  if (created.status !== 201) throw new Error(`order creation failed: ${JSON.stringify(created.body)}`);
  let order = created.body;
  for (const step of PATH_TO[status]!) {
    const reply = step === 'aprovado'
      ? await addPayment(server, seller, order.id, approvedPayment(order.amounts.total))
      : await changeStatus(server, seller, order.id, MOVE_TO[step]!);
    if (reply.status >= 300) throw new Error(`moving to ${step} failed: ${JSON.stringify(reply.body)}`);
    order = reply.body;
  }
  return order;
}
