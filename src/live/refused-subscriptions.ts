import { getOperationAST, type ExecutionArgs, type ExecutionResult, type GraphQLError } from 'graphql';

/*
 * A subscription refused before its stream starts (scope, arguments, replay budget) ends
 * with an `error` message for that operation alone; the connection and its other
 * operations go on (docs/live-events.md, "Close codes and errors").
 */

/** graphql-js answers a subscription that could not start with a result (its errors) instead of a stream. */
export function isRefusedSubscription(args: ExecutionArgs, result: unknown): result is ExecutionResult & { errors: readonly GraphQLError[] } {
  if (Symbol.asyncIterator in (result as object) || !(result as ExecutionResult).errors) return false;
  return getOperationAST(args.document, args.operationName)?.operation === 'subscription';
}

/** Carries a refused subscription's errors through graphql-ws, which turns a failing stream into an `error` message. */
class SubscriptionRefused extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super('The subscription was refused');
  }
}

/** A stream that fails at once: graphql-ws answers it with one `error` message and no `complete`. */
export async function* refusedStream(errors: readonly GraphQLError[]): AsyncGenerator<never> {
  throw new SubscriptionRefused(errors);
}

/** The refusal's own errors (codes, paths) in place of graphql-ws's wrapper. */
export function refusedErrorsOf(errors: readonly GraphQLError[]): readonly GraphQLError[] | undefined {
  const [only] = errors;
  return errors.length === 1 && only!.originalError instanceof SubscriptionRefused ? only!.originalError.errors : undefined;
}
