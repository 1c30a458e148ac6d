import { GraphQLDateTimeISO } from 'graphql-scalars';
import { describe, expect, it } from 'vitest';
import { DateTime } from '../../src/graphql/scalars.js';

/** Either the answer, or that it threw. */
function outcome(serialize: (value: unknown) => unknown, value: unknown): unknown {
  try {
    return serialize(value);
  } catch {
    return 'refused';
  }
}

/** `DateTimeISO` answers what graphql-scalars' own would, without parsing the views' strings again. */
describe('the DateTimeISO scalar', () => {
  const same = (value: unknown) =>
    expect(outcome((v) => DateTime.serialize(v), value), JSON.stringify(value)).toEqual(outcome((v) => GraphQLDateTimeISO.serialize(v), value));

  it('answers and refuses what graphql-scalars’ DateTimeISO does, for strings shaped like toISOString’s and others', () => {
    const values: unknown[] = [
      '2026-11-24T09:03:12.048Z',
      '2024-02-29T23:59:59.999Z',
      '2000-02-29T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      // Shaped like toISOString's, but no such instant.
      '2026-02-29T00:00:00.000Z',
      '1900-02-29T00:00:00.000Z',
      '2026-02-30T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-00-10T00:00:00.000Z',
      '2026-01-00T00:00:00.000Z',
      '2026-11-24T24:00:00.000Z',
      '2026-11-24T23:60:00.000Z',
      '2026-11-24T23:59:60.000Z',
      // Other forms, and other types.
      '2026-11-24T09:03:12Z',
      '2026-11-24T12:03:12.048+03:00',
      '2026-11-24T09:03:12.048z',
      'not a date',
      '',
      new Date('2026-11-24T09:03:12.048Z'),
      new Date('+012026-01-01T00:00:00.000Z'),
      new Date(Number.NaN),
      Date.parse('2026-11-24T09:03:12.048Z'),
      true,
      null,
      {},
    ];
    for (const value of values) same(value);
  });

  it('answers every instant of four centuries as graphql-scalars’ DateTimeISO does', () => {
    // A day apart, at a time of day that moves: every month end and leap day from 1900 on.
    for (let ms = Date.UTC(1900, 0, 1); ms < Date.UTC(2300, 0, 1); ms += 86_400_000 + 1_234) same(new Date(ms).toISOString());
  });
});
