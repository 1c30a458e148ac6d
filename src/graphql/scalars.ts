import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { GraphQLLocalDate } from 'graphql-scalars';
import { GraphQLISODateTime } from 'type-graphql';

/**
 * The scalars every domain's types use, so one meaning has one type (docs/graphql.md):
 * every instant is a `DateTimeISO`, every calendar day a `LocalDate`, every amount `Money`.
 */
export const DateTime = GraphQLISODateTime;
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
