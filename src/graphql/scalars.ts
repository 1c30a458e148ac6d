import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { GraphQLLocalDate } from 'graphql-scalars';
import { GraphQLISODateTime } from 'type-graphql';
import { isStorableInstant, UNSTORABLE_INSTANT_MESSAGE } from '../db/storable-instant.js';

/**
 * The scalars every domain's types use, so one meaning has one type (docs/graphql.md):
 * every instant is a `DateTimeISO`, every calendar day a `LocalDate`, every amount `Money`.
 */
const isoDateTime = GraphQLISODateTime.toConfig();
export const DateTime = new GraphQLScalarType({
  ...isoDateTime,
  serialize: serializeInstant,
  // Instants outside what every layer holds (year 0000, a leap second) are refused like
  // any value the scalar cannot read, rather than failing their statement later.
  parseValue: (value) => storableInstant(isoDateTime.parseValue!(value)),
  parseLiteral: (ast, variables) => storableInstant(isoDateTime.parseLiteral!(ast, variables)),
});

function storableInstant(value: unknown): unknown {
  if (value instanceof Date && !isStorableInstant(value)) throw new GraphQLError(`DateTimeISO ${UNSTORABLE_INSTANT_MESSAGE}`);
  return value;
}

/**
 * The views hold every instant as `toISOString()` made it, which is exactly what the
 * scalar would answer after parsing and validating it again (~0.9 µs each, ~200 on a list
 * page): such a string, checked to be a real instant, is answered as it is; anything else
 * goes through the scalar's own serialiser.
 */
function serializeInstant(value: unknown): string {
  return typeof value === 'string' && isIsoInstant(value) ? value : (GraphQLISODateTime.serialize(value) as string);
}

/** What `toISOString()` makes of years 0 to 9999. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

function isIsoInstant(value: string): boolean {
  const parts = ISO_INSTANT.exec(value);
  if (!parts) return false;
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  if (month !== 2) return DAYS_IN_MONTH[month - 1]!;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

export const LocalDate = GraphQLLocalDate;

const MONEY_DESCRIPTION =
  'An amount in BRL as a decimal string with two places, e.g. "199.90"; never a float. ' +
  'Inputs may give fewer places ("199.9", "200"); the server answers with two.';

function moneyValue(value: unknown): string {
  if (typeof value !== 'string') throw new GraphQLError(`Money is a decimal string such as "199.90", not ${JSON.stringify(value)}`);
  return value;
}

/**
 * Money: the scalar says "a decimal string"; what a valid amount is (non-negative, at most
 * two places) is checked by the input schemas the REST twin shares, so the error names the
 * field (`/items/0/unitPrice`) and answers as REST does.
 */
export const Money = new GraphQLScalarType<string, string>({
  name: 'Money',
  description: MONEY_DESCRIPTION,
  serialize: moneyValue,
  parseValue: moneyValue,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('Money is a decimal string such as "199.90", in quotes', { nodes: ast });
    return ast.value;
  },
});
