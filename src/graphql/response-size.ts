import { GraphQLError, type ExecutionResult } from 'graphql';
import { AppError } from '../errors.js';

/**
 * The ceiling on one GraphQL response, for what the cost misses: the cost counts objects,
 * not their size (a page of support messages of 10,000 characters each costs what a page of
 * short ones does). A result is measured before it is serialised; one above the ceiling is
 * answered with LIMIT_EXCEEDED and no data instead (docs/security.md#the-cost).
 */
export function withinResponseCeiling(result: ExecutionResult, maximum: number): ExecutionResult {
  if (jsonSizeAtMost(result.data, maximum)) return result;
  const error = new AppError(
    'LIMIT_EXCEEDED',
    `The response would be larger than ${maximum} bytes (GRAPHQL_MAX_RESPONSE_BYTES): ask for fewer objects or fields, or a smaller page`,
    { limit: 'GRAPHQL_MAX_RESPONSE_BYTES', maximum },
  );
  return { data: null, errors: [new GraphQLError(error.message, { originalError: error })] };
}

/**
 * Whether a value's JSON text is at most `maximum` characters, about (escapes are not
 * counted); measured without recursion and given up as soon as it is known to be larger.
 */
function jsonSizeAtMost(value: unknown, maximum: number): boolean {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') size += next.length + 2;
    else if (next === null || typeof next !== 'object') size += 8;
    else if (Array.isArray(next)) {
      size += 2 + next.length;
      for (const element of next) pending.push(element);
    } else {
      for (const [key, member] of Object.entries(next)) {
        size += key.length + 4;
        pending.push(member);
      }
      size += 2;
    }
    if (size > maximum) return false;
  }
  return true;
}
