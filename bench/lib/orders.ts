/** The order every ingest figure sends: 3 items of the 50 products, one approved payment. */
import { CHANNEL, skuOf } from './database.js';

let sent = 0;

export function orderBody(options: { skus?: string[]; quantity?: number } = {}): string {
  const n = sent++;
  const skus = options.skus ?? [skuOf(n), skuOf(n + 17), skuOf(n + 33)];
  const quantity = options.quantity ?? 1;
  return JSON.stringify({
    channel: CHANNEL,
    externalId: `bench-${process.pid}-${n}`,
    customer: { name: 'Maria', email: 'maria@example.com', document: '52998224725' },
    deliveryAddress: { recipient: 'Maria', street: 'Rua', number: '1', district: 'Centro', city: 'São Paulo', state: 'SP', postalCode: '01310100' },
    items: skus.map((sku) => ({ sku, quantity, unitPrice: '10.00' })),
    payments: [{ method: 'pix', status: 'approved', amount: `${skus.length * quantity * 10}.00` }],
  });
}
