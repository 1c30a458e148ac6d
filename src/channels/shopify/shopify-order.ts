/**
 * A Shopify order webhook's body (the REST Order resource, as `orders/create`,
 * `orders/updated`, `orders/paid`, `orders/cancelled` send it) → the normalized order.
 * Field by field in docs/channels.md, "Shopify".
 */
import type { PlatformLine, PlatformOrder } from '../connector.js';
import { cents, instant, list, money, optionalText, record, streetAndNumber, text } from '../platform-formats.js';
import { formatMoney } from '../../money.js';

const PAID = new Set(['paid', 'partially_refunded']);
const UNDONE = new Set(['refunded', 'voided']);

export function shopifyOrder(body: Record<string, unknown>): PlatformOrder | null {
  if (body.id === undefined || body.id === null) return null;
  const address = record(body.shipping_address ?? body.billing_address);
  const customer = record(body.customer);
  const buyer = text(address.name ?? [customer.first_name, customer.last_name].filter(Boolean).join(' '), 200, 'Shopify customer');
  const { street, number } = streetAndNumber(address.address1);
  const lines = list(body.line_items).map((item) => shopifyLine(record(item)));
  const lineDiscounts = lines.reduce((sum, line) => sum + cents(line.discount), 0n);
  const orderDiscount = cents(money(body.total_discounts)) - lineDiscounts;
  const total = money(body.total_price);
  const financial = String(body.financial_status ?? '');
  return {
    externalId: String(body.id),
    placedAt: instant(body.created_at),
    customer: {
      name: buyer,
      email: optionalText(body.email ?? body.contact_email ?? customer.email, 320),
      phone: optionalText(body.phone ?? address.phone ?? customer.phone, 40),
    },
    deliveryAddress: {
      recipient: buyer,
      street,
      number,
      complement: optionalText(address.company, 200),
      // Shopify's address has no district: Brazilian checkouts put it in the second line.
      district: text(address.address2, 100),
      city: text(address.city, 100),
      state: text(address.province_code ?? address.province, 50),
      postalCode: text(address.zip, 20),
      country: /^[A-Z]{2}$/.test(String(address.country_code)) ? String(address.country_code) : undefined,
    },
    lines,
    shipping: shippingOf(body),
    discount: orderDiscount > 0n ? formatMoney(orderDiscount) : undefined,
    payments: PAID.has(financial)
      ? [{ method: 'other', status: 'approved', amount: total, transactionId: `shopify:${String(body.id)}`, paidAt: instant(body.processed_at) }]
      : [],
    cancellation:
      body.cancelled_at || UNDONE.has(financial)
        ? { reason: text(body.cancel_reason ? `cancelled on Shopify: ${String(body.cancel_reason)}` : `Shopify: ${financial || 'cancelled'}`, 500) }
        : undefined,
  };
}

function shopifyLine(item: Record<string, unknown>): PlatformLine {
  const allocated = list(item.discount_allocations).reduce<bigint>((sum, allocation) => sum + cents(money(record(allocation).amount)), 0n);
  const discount = allocated > 0n ? formatMoney(allocated) : money(item.total_discount);
  return {
    sku: optionalText(item.sku, 100) ?? null,
    listingId: null,
    variationId: item.variant_id ? `gid://shopify/ProductVariant/${String(item.variant_id)}` : null,
    title: text(item.name ?? item.title, 300),
    quantity: Number(item.quantity) || 1,
    unitPrice: money(item.price),
    discount,
  };
}

/** The shipping total in the shop's currency, else the shipping lines' at their discounted price. */
function shippingOf(body: Record<string, unknown>): string {
  const total = record(record(body.total_shipping_price_set).shop_money).amount;
  if (total !== undefined && total !== null) return money(total);
  return formatMoney(list(body.shipping_lines).reduce<bigint>((sum, line) => sum + cents(money(record(line).discounted_price ?? record(line).price)), 0n));
}
