import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, visit, type ASTNode, type DocumentNode } from 'graphql';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE, unstorableTextPaths } from '../db/storable-text.js';
import { validationFailed, type FieldError } from '../errors.js';

/**
 * The GraphQL side of the rule that no text PostgreSQL cannot store gets in (the REST side
 * is src/http/storable-input.ts): every variable and every string literal of the
 * operation, whatever field it feeds. A variable's path points into the request
 * (`/variables/input/name`); a literal's follows the operation down to it
 * (`/putChannel/input/name`), with its line and column.
 */
export function unstorableInputError(document: DocumentNode, variables: Record<string, unknown> | null | undefined): GraphQLError | undefined {
  const errors: FieldError[] = unstorableTextPaths(variables ?? {}).map((path) => ({ path: `/variables${path}`, message: UNSTORABLE_TEXT_MESSAGE }));
  errors.push(...literalErrorsOf(document).map((error) => ({ ...error })));
  if (errors.length === 0) return undefined;
  const refusal = validationFailed(errors, 'The operation contains text that cannot be stored');
  return new GraphQLError(refusal.message, { originalError: refusal, extensions: { http: { status: refusal.status } } });
}

/**
 * A document's literals never change, and Apollo hands every request of the same query
 * text the same parsed document: its literals are walked once, not on every request.
 */
const literalErrors = new WeakMap<DocumentNode, readonly FieldError[]>();

function literalErrorsOf(document: DocumentNode): readonly FieldError[] {
  let errors = literalErrors.get(document);
  if (!errors) {
    const found: FieldError[] = [];
    visit(document, {
      StringValue(node, _key, _parent, path) {
        if (isStorableText(node.value)) return;
        const at = node.loc ? ` (line ${node.loc.startToken.line}, column ${node.loc.startToken.column})` : '';
        found.push({ path: literalPath(document, path), message: `${UNSTORABLE_TEXT_MESSAGE}${at}` });
      },
    });
    errors = found;
    literalErrors.set(document, errors);
  }
  return errors;
}

/**
 * Where a literal sits in the operation: the fields (by response key) down to the
 * argument, then input fields and list indexes, e.g. `/putChannel/input/name`.
 */
function literalPath(document: DocumentNode, astPath: readonly (string | number)[]): string {
  const names: string[] = [];
  let node: unknown = document;
  astPath.forEach((key, index) => {
    node = (node as Record<string | number, unknown>)[key];
    // A ListValue keeps its items under `values`: the item's index is part of the path.
    if (typeof key === 'number' && astPath[index - 1] === 'values') names.push(String(key));
    const ast = node as ASTNode;
    if (ast.kind === Kind.FIELD) names.push(ast.alias?.value ?? ast.name.value);
    if (ast.kind === Kind.ARGUMENT || ast.kind === Kind.OBJECT_FIELD) names.push(ast.name.value);
  });
  return `/${names.join('/')}`;
}

/** Refuses the operation before it runs, over HTTP (graphql-ws calls unstorableInputError itself). */
export const storableInputPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, request }) {
        const error = unstorableInputError(document, request.variables);
        if (error) throw error;
      },
    };
  },
};
