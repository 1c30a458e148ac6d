// Stock distribution across sales channels (docs/catalog.md, "Stock"). The published quantity
// for a channel is
//   max(0, min(maxQuantity, floor(available × sharePercent / 100)) − safetyStock)
// and is recomputed and stored whenever available stock or channel settings change.

export interface Allocation {
  sharePercent: number;
  safetyStock: number;
  maxQuantity: number | null;
}

export interface ChannelAllocation extends Allocation {
  code: string;
  active: boolean;
}

export interface ChannelQuantity {
  channel: string;
  quantity: number;
}

export function publishedQuantity(available: number, allocation: Allocation): number {
  // Oversold stock (negative available, from allowOversell) publishes nothing rather
  // than a negative figure; NaN falls into the same branch.
  const base = available > 0 ? Math.floor(available) : 0;
  // The API validates these; clamping again keeps "never above available" true even
  // for a bad stored row.
  const share = Math.min(100, Math.max(0, allocation.sharePercent));
  const safetyStock = Math.max(0, allocation.safetyStock);
  const shared = Math.floor(snapToInteger(base * share) / 100);
  const capped = Math.min(allocation.maxQuantity ?? Number.POSITIVE_INFINITY, shared);
  return Math.max(0, capped - safetyStock);
}

// Active channels only, ordered by code (plain code-unit order, not locale order, so
// every process sorts the same way) so stored and recomputed lists compare directly.
export function distributeStock(
  available: number,
  channels: readonly ChannelAllocation[],
): ChannelQuantity[] {
  return channels
    .filter((channel) => channel.active)
    .map((channel) => ({ channel: channel.code, quantity: publishedQuantity(available, channel) }))
    .sort(byChannel);
}

// Order-insensitive, so a stored list read back in any order still compares equal.
export function sameDistribution(
  a: readonly ChannelQuantity[],
  b: readonly ChannelQuantity[],
): boolean {
  if (a.length !== b.length) return false;
  const left = [...a].sort(byChannel);
  const right = [...b].sort(byChannel);
  return left.every(
    (entry, index) =>
      entry.channel === right[index]?.channel && entry.quantity === right[index]?.quantity,
  );
}

function byChannel(a: ChannelQuantity, b: ChannelQuantity): number {
  if (a.channel < b.channel) return -1;
  if (a.channel > b.channel) return 1;
  return a.quantity - b.quantity;
}

// A fractional share (33.3 %) can make the product land a hair below a whole number
// (1500 × 8.2 is 12299.999999999998, not 12300), and floor would then drop a whole unit.
function snapToInteger(value: number): number {
  const nearest = Math.round(value);
  return Math.abs(value - nearest) < 1e-6 ? nearest : value;
}
