import { putChannel } from '../../src/catalog/channel.service.js';
import { forkForSeller, type Orm } from '../../src/db/orm.js';
import type { TestApp, TestSeller } from '../support/app.js';
import { createTestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';

export const VALID_CPF = '529.982.247-25';
export const VALID_CNPJ = '11.222.333/0001-81';
export const ACCESS_KEY = '35260112345678000199550010000001231000001230';
export const CHANNELS = ['loja-propria', 'mercadolivre'] as const;
export const SKUS = ['SKU-A', 'SKU-B'] as const;

let externalIds = 0;

/** A valid POST /pedidos body: two lines of 2 × 50.00 and 1 × 30.00 − 5.00, shipping 10.00, discount 15.00 → 120.00. */
export function orderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  externalIds += 1;
  return {
    channel: 'loja-propria',
    externalId: `ext-${process.pid}-${externalIds}-${Math.random().toString(36).slice(2, 8)}`,
    customer: { name: 'Maria Silva', email: 'maria@example.com', document: VALID_CPF },
    deliveryAddress: {
      recipient: 'Maria Silva',
      street: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01310-100',
    },
    items: [
      { sku: 'SKU-A', quantity: 2, unitPrice: '50.00', title: 'Caneca' },
      { sku: 'SKU-B', quantity: 1, unitPrice: '30.00', discount: '5.00' },
    ],
    shipping: '10.00',
    discount: '15.00',
    ...overrides,
  };
}

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
