import { describe, expect, it } from 'vitest';
import {
  MANUAL_TARGETS,
  ORDER_STATUSES,
  RESERVING_STATUSES,
  allowedTransitions,
  canTransition,
  holdsReservation,
  initialStatus,
  isManualTarget,
  isOrderStatus,
  manualMoves,
  stockEffect,
  type OrderStatus,
} from '../../src/orders/status-machine.js';

// The table of docs/orders.md ("Rules"), written out independently of the module.
const EXPECTED: Record<OrderStatus, OrderStatus[]> = {
  pendente: ['aprovado', 'cancelado'],
  aprovado: ['faturado', 'cancelado'],
  faturado: ['enviado', 'cancelado'],
  enviado: ['entregue'],
  entregue: [],
  cancelado: [],
};

const ALL_PAIRS = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
const ALLOWED_PAIRS = ALL_PAIRS.filter(([from, to]) => EXPECTED[from].includes(to));
const FORBIDDEN_PAIRS = ALL_PAIRS.filter(([from, to]) => !EXPECTED[from].includes(to));

describe('order statuses', () => {
  it('lists the six statuses, names from the source kept verbatim', () => {
    expect([...ORDER_STATUSES].sort()).toEqual(
      ['aprovado', 'cancelado', 'entregue', 'enviado', 'faturado', 'pendente'],
    );
  });

  it('recognises statuses and nothing else', () => {
    for (const status of ORDER_STATUSES) expect(isOrderStatus(status)).toBe(true);
    for (const other of ['Pendente', 'pending', 'shipped', '', undefined, 1]) {
      expect(isOrderStatus(other)).toBe(false);
    }
  });

  it('covers the whole 6×6 matrix: 7 allowed moves, 29 forbidden', () => {
    expect(ALL_PAIRS).toHaveLength(36);
    expect(ALLOWED_PAIRS).toHaveLength(7);
    expect(FORBIDDEN_PAIRS).toHaveLength(29);
  });
});

describe('canTransition', () => {
  it.each(ALLOWED_PAIRS)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each(FORBIDDEN_PAIRS)('forbids %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });
});

describe('allowedTransitions', () => {
  it.each(ORDER_STATUSES)('lists exactly the allowed moves from %s', (from) => {
    expect(allowedTransitions(from)).toEqual(EXPECTED[from]);
  });

  it('hands out a copy the caller may mutate without corrupting the table', () => {
    const moves = allowedTransitions('pendente');
    moves.push('entregue');
    moves.length = 0;
    expect(allowedTransitions('pendente')).toEqual(['aprovado', 'cancelado']);
    expect(canTransition('pendente', 'aprovado')).toBe(true);
  });

  it('treats entregue and cancelado as final', () => {
    expect(allowedTransitions('entregue')).toEqual([]);
    expect(allowedTransitions('cancelado')).toEqual([]);
  });
});

describe('MANUAL_TARGETS', () => {
  it('holds exactly the four documented PATCH targets', () => {
    expect([...MANUAL_TARGETS]).toEqual(['faturado', 'enviado', 'entregue', 'cancelado']);
  });

  it('leaves aprovado to payment confirmation and pendente to creation', () => {
    expect(isManualTarget('aprovado')).toBe(false);
    expect(isManualTarget('pendente')).toBe(false);
    expect(isManualTarget('faturado')).toBe(true);
    expect(isManualTarget('cancelado')).toBe(true);
    expect(isManualTarget('whatever')).toBe(false);
    expect(isManualTarget(undefined)).toBe(false);
    expect(isManualTarget(3)).toBe(false);
  });

  it('offers a client the transitions from each status but aprovado', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((from) => [from, manualMoves(from)]))).toEqual({
      pendente: ['cancelado'],
      aprovado: ['faturado', 'cancelado'],
      faturado: ['enviado', 'cancelado'],
      enviado: ['entregue'],
      entregue: [],
      cancelado: [],
    });
  });

  it('every manual target is reachable from some status', () => {
    for (const target of MANUAL_TARGETS) {
      expect(ORDER_STATUSES.some((from) => canTransition(from, target))).toBe(true);
    }
  });
});

describe('initialStatus', () => {
  it('is aprovado when approved payments cover the total exactly', () => {
    expect(initialStatus(19990n, 19990n)).toBe('aprovado');
  });

  it('is aprovado when approved payments exceed the total', () => {
    expect(initialStatus(20000n, 19990n)).toBe('aprovado');
  });

  it('is pendente one cent short', () => {
    expect(initialStatus(19989n, 19990n)).toBe('pendente');
  });

  it('is pendente with no approved payment', () => {
    expect(initialStatus(0n, 1n)).toBe('pendente');
  });

  it('approves a zero-total order without payments', () => {
    expect(initialStatus(0n, 0n)).toBe('aprovado');
  });
});

describe('stock effects', () => {
  it('counts pendente, aprovado and faturado as holding a reservation', () => {
    expect([...RESERVING_STATUSES].sort()).toEqual(['aprovado', 'faturado', 'pendente']);
    expect(holdsReservation('enviado')).toBe(false);
    expect(holdsReservation('entregue')).toBe(false);
    expect(holdsReservation('cancelado')).toBe(false);
  });

  const EXPECTED_EFFECTS: Record<string, 'ship' | 'release' | 'none'> = {
    'pendente→aprovado': 'none',
    'pendente→cancelado': 'release',
    'aprovado→faturado': 'none',
    'aprovado→cancelado': 'release',
    'faturado→enviado': 'ship',
    'faturado→cancelado': 'release',
    'enviado→entregue': 'none',
  };

  it.each(ALLOWED_PAIRS)('%s → %s has the documented effect', (from, to) => {
    expect(stockEffect(from, to)).toBe(EXPECTED_EFFECTS[`${from}→${to}`]);
  });

  it.each(FORBIDDEN_PAIRS)('forbidden move %s → %s has no effect', (from, to) => {
    expect(stockEffect(from, to)).toBe('none');
  });

  it('releases only while units are reserved: a shipped order cannot be cancelled', () => {
    // If enviado → cancelado were ever allowed, releasing would double-count units
    // already taken out of onHand.
    expect(canTransition('enviado', 'cancelado')).toBe(false);
    expect(stockEffect('enviado', 'cancelado')).toBe('none');
  });
});
