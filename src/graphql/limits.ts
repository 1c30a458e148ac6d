import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  GraphQLError,
  getNullableType,
  getNamedType,
  getOperationAST,
  getVariableValues,
  isLeafType,
  isListType,
  type DocumentNode,
  type GraphQLSchema,
  type ParseOptions,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { fieldExtensionsEstimator, getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import type { Config } from '../config.js';

/** What an operation costs and what it may cost; sent to clients in `extensions.cost`. */
export interface OperationCost {
  requested: number;
  maximum: number;
}

export interface PricedOperation {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName: string | null | undefined;
  variables: Record<string, unknown> | null | undefined;
}

/**
 * The limits every GraphQL operation meets, over HTTP (Apollo) and over graphql-ws alike:
 * one definition, read by both (docs/security.md#graphql-operations).
 */
export interface OperationLimits {
  /** graphql's own token limit: the parser stops counting at the limit, before building a tree. */
  parseOptions: ParseOptions;
  /** Rules run after graphql's specified ones. */
  validationRules: ValidationRule[];
  priceOperation(operation: PricedOperation): Pricing;
  /** The ceiling on a query's or mutation's data, for what the cost misses (src/graphql/response-size.ts). */
  maxResponseBytes: number;
}

/**
 * The operation's cost, and the refusal to send when it is above the maximum or cannot be
 * priced. Neither when its variables do not fit their types: execution answers that
 * (BAD_USER_INPUT).
 */
export interface Pricing {
  cost?: OperationCost;
  refusal?: GraphQLError;
}

export function operationLimits(config: Config): OperationLimits {
  // graphql-armor throws "Syntax Error: …" out of validate() unless told to report instead.
  const reportInstead = { propagateOnRejection: false, onReject: [reportLimit] };
  return {
    parseOptions: { maxTokens: config.graphqlMaxTokens },
    validationRules: [
      // Introspection (`__schema`) is left out of the depth, as graphql's own
      // MaxIntrospectionDepthRule (one of the specified rules) bounds its nesting.
      maxDepthRule({ n: config.graphqlMaxDepth, flattenFragments: true, ...reportInstead }),
      maxAliasesRule({ n: config.graphqlMaxAliases, ...reportInstead }),
      maxDirectivesRule({ n: config.graphqlMaxDirectives, ...reportInstead }),
    ],
    priceOperation: (operation) => priceOperation(operation, config.graphqlMaxCost, config.pageSizeDefault),
    maxResponseBytes: config.graphqlMaxResponseBytes,
  };
}

function reportLimit(context: ValidationContext | null, error: GraphQLError): void {
  context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, '')));
}

function refusal(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } });
}

/**
 * What pricing an operation found: its cost, that it cannot be priced (and why), or that
 * its variables do not fit their types. Kept instead of a Pricing so that no error object
 * is shared between requests.
 */
type PriceOutcome = { requested: number } | { unpriceable: string } | { invalidVariables: true };

/**
 * Outcomes per parsed document, then per operation name and variables. Apollo hands the
 * same parsed document to every request with the same query text (its bounded document
 * store), so a list asked for again is priced from here: walking its selection with
 * graphql-query-complexity was half of Apollo's own CPU on a 50-order page
 * (docs/history/performance-changes.md). An entry goes with its document; each
 * document keeps its last few variable sets, and only small ones.
 */
const outcomesByDocument = new WeakMap<DocumentNode, Map<string, PriceOutcome>>();
const OUTCOMES_PER_DOCUMENT = 16;
const LONGEST_KEPT_KEY = 2_000;
const DEEPEST_KEPT_VARIABLES = 32;

/** Whether a JSON value nests at most `depth` arrays and objects, found without recursion. */
function nestedAtMost(value: unknown, depth: number): boolean {
  let level: unknown[] = [value];
  for (let current = 0; level.length > 0; current++) {
    const containers = level.filter((item): item is object => typeof item === 'object' && item !== null);
    if (containers.length > 0 && current >= depth) return false;
    level = containers.flatMap((container) => Object.values(container));
  }
  return true;
}

function priceOperation(operation: PricedOperation, maximum: number, defaultPageSize: number): Pricing {
  const outcome = rememberedOutcome(operation, () => priceOutcome(operation, defaultPageSize));
  if ('invalidVariables' in outcome) return {};
  if ('unpriceable' in outcome) return { refusal: refusal(`The query cannot be priced: ${outcome.unpriceable}`) };
  const cost = { requested: outcome.requested, maximum };
  return outcome.requested > maximum ? { cost, refusal: refusal(`Query cost ${outcome.requested} exceeds the limit of ${maximum}`) } : { cost };
}

function rememberedOutcome(operation: PricedOperation, price: () => PriceOutcome): PriceOutcome {
  // JSON.stringify recurses: variables nested thousands deep would throw RangeError (a 500).
  if (!nestedAtMost(operation.variables, DEEPEST_KEPT_VARIABLES)) return price();
  const key = `${operation.operationName ?? ''}\n${JSON.stringify(operation.variables ?? {})}`;
  if (key.length > LONGEST_KEPT_KEY) return price();
  let outcomes = outcomesByDocument.get(operation.document);
  if (!outcomes) outcomesByDocument.set(operation.document, (outcomes = new Map()));
  const known = outcomes.get(key);
  if (known) return known;
  const outcome = price();
  // A Map iterates in insertion order: the first key is the oldest.
  if (outcomes.size >= OUTCOMES_PER_DOCUMENT) outcomes.delete(outcomes.keys().next().value!);
  outcomes.set(key, outcome);
  return outcome;
}

function priceOutcome(operation: PricedOperation, defaultPageSize: number): PriceOutcome {
  const variables = operation.variables ?? {};
  const definitions = getOperationAST(operation.document, operation.operationName)?.variableDefinitions ?? [];
  if (getVariableValues(operation.schema, definitions, variables).errors) return { invalidVariables: true };
  try {
    const requested = getComplexity({
      schema: operation.schema,
      query: operation.document,
      operationName: operation.operationName ?? undefined,
      variables,
      // A field may declare its own cost with type-graphql's `complexity` option.
      estimators: [fieldExtensionsEstimator(), objectsEstimator(defaultPageSize)],
    });
    return { requested };
  } catch (error) {
    // Above all: fragments spread into more than 10,000 selections (graphql-query-complexity stops there).
    return { unpriceable: (error as Error).message };
  }
}

/**
 * The cost is the number of objects an operation can return: a field of an object type
 * costs 1 per object plus its selection, scalars cost nothing, and a field returning many
 * counts once per result. Aliases and fragment spreads are priced where they occur.
 */
function objectsEstimator(defaultPageSize: number): ComplexityEstimator {
  return ({ field, args, childComplexity }) => {
    const own = isLeafType(getNamedType(field.type)) ? 0 : 1;
    return resultCount(field, args, defaultPageSize) * (own + childComplexity);
  };
}

/**
 * How many results a field yields: a page (`first`/`last`, else the default page size);
 * for a list, the most it holds when it declares it (MaxItems: a case's messages, …), or
 * one per element of its longest list argument (`_entities`' `representations`,
 * `upsertProducts`' `products`, …). Any other list counts once: it is written whole with
 * its parent, which bounds it (an order's items, …).
 */
function resultCount(field: Parameters<ComplexityEstimator>[0]['field'], args: Record<string, unknown>, defaultPageSize: number): number {
  if (field.args.some((arg) => arg.name === 'first' || arg.name === 'last')) {
    const size = args.first ?? args.last;
    return typeof size === 'number' ? Math.max(size, 1) : defaultPageSize;
  }
  if (!isListType(getNullableType(field.type))) return 1;
  const declared = field.extensions.maxItems;
  if (typeof declared === 'number') return declared;
  return Object.values(args).reduce<number>((longest, value) => (Array.isArray(value) ? Math.max(longest, value.length) : longest), 1);
}
