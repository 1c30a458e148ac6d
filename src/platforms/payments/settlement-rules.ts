import { formatMoney, parseMoney } from '../../money.js';

// The fee rule of a settlement cycle: a configured percentage (SETTLEMENT_FEE_PERCENT,
// two decimals, so an integer number of basis points) of each approved payment, rounded
// half up to the cent per payment. Rounding per payment keeps every entry's fee exact
// and the cycle's fees the sum of its entries' fees.

export interface SettlementFigures {
  gross: string;
  fees: string;
  net: string;
  entries: { amount: string; fee: string }[];
}

/** "2.50" → 250 basis points (parseMoney reads two decimal places exactly). */
export function basisPointsOf(percent: string): bigint {
  return parseMoney(percent);
}

export function feeOf(amountCents: bigint, basisPoints: bigint): bigint {
  // Half up: add half of the divisor before the integer division (amounts are never negative).
  return (amountCents * basisPoints + 5_000n) / 10_000n;
}

export function settle(amounts: readonly string[], feePercent: string): SettlementFigures {
  const basisPoints = basisPointsOf(feePercent);
  let gross = 0n;
  let fees = 0n;
  const entries = amounts.map((amount) => {
    const cents = parseMoney(amount);
    const fee = feeOf(cents, basisPoints);
    gross += cents;
    fees += fee;
    return { amount: formatMoney(cents), fee: formatMoney(fee) };
  });
  return { gross: formatMoney(gross), fees: formatMoney(fees), net: formatMoney(gross - fees), entries };
}

/** The payout date (UTC calendar day) is `payoutDays` after the day the period ends. */
export function payoutDateOf(periodEnd: Date, payoutDays: number): string {
  const day = new Date(Date.UTC(periodEnd.getUTCFullYear(), periodEnd.getUTCMonth(), periodEnd.getUTCDate()));
  day.setUTCDate(day.getUTCDate() + payoutDays);
  return day.toISOString().slice(0, 10);
}
