/**
 * Order bodies without a server: the unit tests of the order rules import this, the
 * service tests get it through fixtures.ts with the seller and HTTP helpers.
 */
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
