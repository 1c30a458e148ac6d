/**
 * An `orders/create` webhook as Shopify sends it, for the HTTP-client collections to send
 * to a connection's inbound URL: the example payload of Shopify's webhook topic reference
 * (https://shopify.dev/docs/api/webhooks?reference=toml, topic `orders/create`), cut to the
 * fields the order mapping reads (shopify-order.ts) and adapted in ids, SKU, amounts and
 * currency (BRL); the headers as
 * https://shopify.dev/docs/apps/build/webhooks/subscribe/https#step-2-validate-the-origin-of-your-webhook-to-ensure-its-coming-from-shopify
 * names them, `X-Shopify-Hmac-Sha256` (base64 HMAC-SHA256 of the raw body) left to the
 * sender.
 */
export const SHOPIFY_ORDER_NOTIFICATION = {
  headers: {
    'X-Shopify-Topic': 'orders/create',
    'X-Shopify-Webhook-Id': '{{$guid}}',
    'X-Shopify-Shop-Domain': 'minha-loja.myshopify.com',
    'X-Shopify-API-Version': '2026-01',
  },
  signatureHeader: 'X-Shopify-Hmac-Sha256',
  body: {
    id: 820982911946154,
    email: 'jon@doe.ca',
    created_at: '2025-06-04T13:53:06-03:00',
    name: '#9999',
    order_number: 1234,
    currency: 'BRL',
    financial_status: 'paid',
    processed_at: '2025-06-04T13:53:06-03:00',
    cancelled_at: null,
    cancel_reason: null,
    total_price: '59.90',
    total_discounts: '0.00',
    total_shipping_price_set: {
      shop_money: { amount: '10.00', currency_code: 'BRL' },
      presentment_money: { amount: '10.00', currency_code: 'BRL' },
    },
    line_items: [
      {
        id: 866550311766439,
        variant_id: 808950810,
        title: 'Caneca Ponte',
        name: 'Caneca Ponte',
        quantity: 1,
        sku: 'CANECA-PONTE',
        price: '49.90',
        total_discount: '0.00',
        discount_allocations: [],
      },
    ],
    shipping_lines: [{ id: 271878346596884, title: 'Generic Shipping', price: '10.00', discounted_price: '10.00' }],
    shipping_address: {
      first_name: 'Steve',
      last_name: 'Shipper',
      name: 'Steve Shipper',
      address1: '123 Shipping Street',
      address2: null,
      company: 'Shipping Company',
      phone: '555-555-SHIP',
      city: 'Shippington',
      zip: '40003',
      province: 'Kentucky',
      province_code: 'KY',
      country: 'United States',
      country_code: 'US',
    },
    customer: { id: 115310627314723, email: 'john@test.com', first_name: 'John', last_name: 'Smith', phone: null },
  },
} as const;
