/**
 * A WooCommerce REST v3 order (the body of the `order.*` webhooks) → the normalized order.
 * Field by field in docs/channels.md, "WooCommerce".
 */
import { formatMoney } from '../../money.js';
import type { PlatformLine, PlatformOrder } from '../connector.js';
import { cents, instant, list, money, optionalText, record, streetAndNumber, text } from '../platform-formats.js';

const PAID = new Set(['processing', 'completed']);
const UNDONE = new Set(['cancelled', 'refunded', 'failed']);

export function wooCommerceOrder(body: Record<string, unknown>): PlatformOrder | null {
  if (body.id === undefined || body.id === null) return null;
  const billing = record(body.billing);
  const shipping = record(body.shipping).address_1 ? record(body.shipping) : billing;
  const buyer = text([billing.first_name, billing.last_name].filter(Boolean).join(' ') || billing.company, 200, 'WooCommerce customer');
  const recipient = text([shipping.first_name, shipping.last_name].filter(Boolean).join(' '), 200, buyer);
  const parsed = streetAndNumber(shipping.address_1);
  const status = String(body.status ?? '');
  const total = money(body.total);
  return {
    externalId: String(body.id),
    placedAt: instant(body.date_created_gmt ?? body.date_created),
    customer: {
      name: buyer,
      email: optionalText(billing.email, 320),
      phone: optionalText(billing.phone, 40),
      // The Brazilian Market plugin's fields; stock WooCommerce sends none.
      document: optionalText(billing.cpf ?? billing.cnpj, 20),
    },
    deliveryAddress: {
      recipient,
      street: shipping.number ? text(shipping.address_1, 200) : parsed.street,
      number: text(shipping.number, 20, parsed.number),
      complement: optionalText(shipping.company, 200),
      district: text(shipping.neighborhood ?? shipping.address_2, 100),
      city: text(shipping.city, 100),
      state: text(shipping.state, 50),
      postalCode: text(shipping.postcode, 20),
      country: /^[A-Z]{2}$/.test(String(shipping.country)) ? String(shipping.country) : undefined,
    },
    lines: list(body.line_items).map((item) => wooCommerceLine(record(item))),
    shipping: money(body.shipping_total),
    payments: PAID.has(status)
      ? [{ method: 'other', status: 'approved', amount: total, transactionId: `woocommerce:${String(body.id)}`, paidAt: instant(body.date_paid_gmt) }]
      : [],
    cancellation: UNDONE.has(status) ? { reason: `WooCommerce: ${status}` } : undefined,
  };
}

/** `subtotal` is the line before discounts, `total` after: the unit price comes from the first, the discount is the difference. */
function wooCommerceLine(item: Record<string, unknown>): PlatformLine {
  const quantity = Math.max(1, Number(item.quantity) || 1);
  const subtotal = cents(money(item.subtotal));
  const unit = subtotal / BigInt(quantity);
  const discount = unit * BigInt(quantity) - cents(money(item.total));
  return {
    sku: optionalText(item.sku, 100) ?? null,
    listingId: item.product_id ? String(item.product_id) : null,
    variationId: item.variation_id ? String(item.variation_id) : null,
    title: text(item.name, 300),
    quantity,
    unitPrice: formatMoney(unit),
    discount: formatMoney(discount > 0n ? discount : 0n),
  };
}
