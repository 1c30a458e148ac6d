import { graphql, type GraphQLSchema } from 'graphql';
import { buildSchema, Query, Resolver } from 'type-graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/auth/auth.service.js';
import { CurrentCaller, CurrentSeller } from '../../src/graphql/caller.js';
import { formatGraphQLError } from '../../src/graphql/apollo.js';

/** No @Authorized on purpose: the decorators must refuse an anonymous call on their own. */
@Resolver()
class CallerProbe {
  @Query(() => String)
  seller(@CurrentSeller() sellerId: string): string {
    return sellerId;
  }

  @Query(() => String)
  scopes(@CurrentCaller() caller: Principal): string {
    return [...caller.scopes].join(' ');
  }
}

const principal: Principal = { sellerId: 'seller-1', sellerName: 'Loja', sandbox: false, tokenId: 'token-1', scopes: new Set(['orders:read']) };

describe('@CurrentSeller and @CurrentCaller', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    // type-graphql's metadata is global: files sharing the worker (vitest.config.ts) leave
    // the service's @Authorized resolvers in it, and buildSchema then wants a checker. One
    // that refuses everything: the probe's answers cannot come from it.
    schema = await buildSchema({ resolvers: [CallerProbe], validate: false, authChecker: () => false });
  });

  const run = async (source: string, caller: Principal | undefined) => {
    const result = await graphql({ schema, source, contextValue: { principal: caller } });
    return { data: result.data, errors: result.errors?.map((error) => formatGraphQLError(error.toJSON(), error)) };
  };

  it('give the resolver the calling token\'s seller and the caller itself', async () => {
    expect(await run('{ seller scopes }', principal)).toEqual({ data: { seller: 'seller-1', scopes: 'orders:read' }, errors: undefined });
  });

  it('refuse a call without a token with UNAUTHENTICATED, before the method runs', async () => {
    for (const field of ['seller', 'scopes']) {
      const { data, errors } = await run(`{ ${field} }`, undefined);
      expect(data).toBeNull();
      expect(errors).toEqual([expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' }, path: [field] })]);
    }
  });
});
