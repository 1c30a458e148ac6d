import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { formatGraphQLError } from '../graphql/apollo.js';

/** The operation beyond a connection's limit: a LIMIT_EXCEEDED error for it alone. */
export function tooManyOperations(maximum: number): GraphQLError {
  const error = new AppError('LIMIT_EXCEEDED', `A connection may hold ${maximum} operations at once: complete one first, or open another connection`, {
    limit: 'LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION',
    maximum,
  });
  return new GraphQLError(error.message, { originalError: error });
}

/** The same masking as over HTTP: AppError codes kept, anything unexpected logged and hidden. */
export function maskedErrors(errors: readonly GraphQLError[], logger: Logger) {
  return errors.map((error) => {
    const result = formatGraphQLError(error.toJSON(), error);
    if (result.extensions?.code === 'INTERNAL') logger.error({ err: error.originalError ?? error }, 'graphql-ws error');
    return result;
  });
}
