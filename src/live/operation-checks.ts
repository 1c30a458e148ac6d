import {
  GraphQLError,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import type { OperationCost, OperationLimits } from '../graphql/limits.js';
import { unstorableInputError } from '../graphql/storable-input.js';

/** An operation that passed: how to run it and, for a query or mutation, its cost for `extensions.cost`. */
export interface CheckedOperation {
  args: ExecutionArgs;
  cost?: OperationCost;
}

/**
 * The checks a `subscribe` message meets before it runs, the same as over HTTP: parse
 * and validation limits, cost, storable text, variables that fit their types, each
 * refusal with the HTTP error code.
 */
export class OperationChecks {
  private readonly rules: readonly ValidationRule[];

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limits: OperationLimits,
  ) {
    this.rules = [...specifiedRules, ...limits.validationRules];
  }

  check(payload: SubscribePayload): CheckedOperation | readonly GraphQLError[] {
    const parsed = this.documentOf(payload);
    if (!('document' in parsed)) return parsed;
    const { document, operation } = parsed;
    const { cost, refusal } = this.limits.priceOperation({ schema: this.schema, document, operationName: payload.operationName, variables: payload.variables });
    if (refusal) return [tagged(refusal, 'GRAPHQL_VALIDATION_FAILED')];
    const unstorable = unstorableInputError(document, payload.variables);
    if (unstorable) return [unstorable];
    // Variables that do not fit their types (an unknown enum value…) are the client's
    // mistake, as over HTTP (BAD_USER_INPUT), not an unexpected error to mask.
    const coercion = getVariableValues(this.schema, operation.variableDefinitions ?? [], payload.variables ?? {}, { maxErrors: 10 });
    if (coercion.errors) return coercion.errors.map((error) => tagged(error, 'BAD_USER_INPUT'));
    const args = { schema: this.schema, document, operationName: payload.operationName, variableValues: payload.variables };
    return operation.operation === 'subscription' ? { args } : { args, cost };
  }

  /** The parsed, valid document and the operation it names. */
  private documentOf(payload: SubscribePayload): { document: DocumentNode; operation: OperationDefinitionNode } | readonly GraphQLError[] {
    let document;
    try {
      document = parse(payload.query, this.limits.parseOptions);
    } catch (error) {
      return [tagged(error as GraphQLError, 'GRAPHQL_PARSE_FAILED')];
    }
    const errors = validate(this.schema, document, this.rules);
    if (errors.length > 0) return errors.map((error) => tagged(error, 'GRAPHQL_VALIDATION_FAILED'));
    const operation = getOperationAST(document, payload.operationName);
    if (!operation) return [tagged(new GraphQLError('Unable to identify the operation'), 'GRAPHQL_VALIDATION_FAILED')];
    return { document, operation };
  }
}

function tagged(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { code } });
}
