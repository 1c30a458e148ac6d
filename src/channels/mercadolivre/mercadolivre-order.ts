/**
 * Mercado Livre's order (GET /orders/{id}) and its shipment (GET /shipments/{id}) → the
 * normalized order. Field by field in docs/channels.md, "Mercado Livre".
 */
import type { PlatformLine, PlatformOrder } from '../connector.js';
import { instant, list, money, optionalText, record, text } from '../platform-formats.js';

/** The order statuses of "Gerenciamento de vendas" that mean paid, and undone (cancelled, its refund under way, or invalidated by Mercado Livre). */
const PAID = new Set(['paid', 'partially_refunded']);
const UNDONE = new Set(['cancelled', 'pending_cancel', 'invalid']);

export function mercadoLivreOrder(order: Record<string, unknown>, shipment: Record<string, unknown>): PlatformOrder | null {
  if (order.id === undefined || order.id === null) return null;
  const buyer = record(order.buyer);
  const address = record(shipment.receiver_address);
  const name = text([buyer.first_name, buyer.last_name].filter(Boolean).join(' ') || buyer.nickname, 200, 'Comprador Mercado Livre');
  const status = String(order.status ?? '');
  const payments = list(order.payments).map(record);
  const lines: PlatformLine[] = list(order.order_items).map((entry) => {
    const line = record(entry);
    const item = record(line.item);
    const full = money(line.full_unit_price ?? line.unit_price);
    const unit = money(line.unit_price);
    const quantity = Math.max(1, Number(line.quantity) || 1);
    const gap = (Number(full) - Number(unit)) * quantity;
    return {
      sku: optionalText(item.seller_sku ?? item.seller_custom_field, 100) ?? null,
      listingId: item.id ? String(item.id) : null,
      variationId: item.variation_id ? String(item.variation_id) : null,
      title: text(item.title, 300),
      quantity,
      unitPrice: Number(full) >= Number(unit) ? full : unit,
      discount: gap > 0 ? money(gap) : '0.00',
    };
  });
  return {
    externalId: String(order.id),
    placedAt: instant(order.date_created),
    customer: { name },
    deliveryAddress: {
      recipient: text(address.receiver_name, 200, name),
      street: text(address.street_name, 200),
      number: text(address.street_number, 20, 's/n'),
      complement: optionalText(address.comment, 200),
      district: text(record(address.neighborhood).name, 100),
      city: text(record(address.city).name, 100),
      state: text(String(record(address.state).id ?? '').replace(/^BR-/, ''), 50),
      postalCode: text(address.zip_code, 20),
    },
    lines,
    shipping: '0.00',
    payments: payments
      .filter((payment) => payment.status === 'approved' && PAID.has(status))
      .map((payment) => ({
        method: methodOf(payment.payment_type),
        status: 'approved' as const,
        amount: money(payment.transaction_amount),
        installments: Math.min(99, Math.max(1, Number(payment.installments) || 1)),
        transactionId: `mercadolivre:${String(payment.id)}`,
        paidAt: instant(payment.date_approved),
      })),
    cancellation: UNDONE.has(status) ? { reason: `Mercado Livre: ${status}` } : undefined,
  };
}

function methodOf(type: unknown): 'pix' | 'credit_card' | 'debit_card' | 'boleto' | 'wallet' | 'other' {
  switch (type) {
    case 'credit_card':
      return 'credit_card';
    case 'debit_card':
      return 'debit_card';
    case 'ticket':
      return 'boleto';
    case 'account_money':
      return 'wallet';
    case 'bank_transfer':
      return 'pix';
    default:
      return 'other';
  }
}
