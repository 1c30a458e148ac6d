import { Extensions } from 'type-graphql';

/**
 * The most elements a list field without paging can hold, enforced where its elements are
 * written: the cost of an operation counts the field that many times
 * (docs/security.md#the-cost). Lists of objects are paged, priced by a list argument, or
 * declare this (test/graphql/response-size.test.ts).
 */
export function MaxItems(count: number): MethodDecorator & PropertyDecorator {
  return Extensions({ maxItems: count });
}
