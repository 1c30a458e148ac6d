// The order status machine (docs/orders.md, "Rules"), as data. Services ask this module what
// is allowed and what it does to stock, so the rules live in one place.

export const ORDER_STATUSES = [
  'pendente',
  'aprovado',
  'faturado',
  'enviado',
  'entregue',
  'cancelado',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

// aprovado is missing on purpose: only a payment confirmation may approve an order,
// never a hand-written PATCH.
export const MANUAL_TARGETS = ['faturado', 'enviado', 'entregue', 'cancelado'] as const;

export type ManualTarget = (typeof MANUAL_TARGETS)[number];

const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pendente: ['aprovado', 'cancelado'],
  aprovado: ['faturado', 'cancelado'],
  faturado: ['enviado', 'cancelado'],
  enviado: ['entregue'],
  entregue: [],
  cancelado: [],
};

// Units of an order in these statuses count in the SKU's `reserved` figure.
export const RESERVING_STATUSES: readonly OrderStatus[] = ['pendente', 'aprovado', 'faturado'];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

export function isManualTarget(value: unknown): value is ManualTarget {
  return (MANUAL_TARGETS as readonly unknown[]).includes(value);
}

// A fresh copy, so a caller that sorts or extends the list for an error message
// cannot corrupt the table.
export function allowedTransitions(from: OrderStatus): OrderStatus[] {
  return [...TRANSITIONS[from]];
}

/** The statuses a client may move an order in `from` to now: its transitions minus aprovado. */
export function manualMoves(from: OrderStatus): ManualTarget[] {
  return TRANSITIONS[from].filter(isManualTarget);
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

// A zero-total order (fully discounted) is covered by zero approved payments, so it
// starts aprovado rather than waiting for a payment that will never come.
export function initialStatus(approvedPaymentsCents: bigint, totalCents: bigint): OrderStatus {
  return approvedPaymentsCents >= totalCents ? 'aprovado' : 'pendente';
}

export function holdsReservation(status: OrderStatus): boolean {
  return RESERVING_STATUSES.includes(status);
}

// Derived from whether the order holds a reservation before and after, so the stock
// rules cannot drift from the `reserved` definition. Leaving the reserving set by
// shipping takes the units out of onHand; leaving it any other way (cancelling) gives
// them back to available. A move the machine forbids has no effect at all.
export function stockEffect(from: OrderStatus, to: OrderStatus): 'ship' | 'release' | 'none' {
  if (!canTransition(from, to)) return 'none';
  if (!holdsReservation(from) || holdsReservation(to)) return 'none';
  return to === 'enviado' ? 'ship' : 'release';
}
