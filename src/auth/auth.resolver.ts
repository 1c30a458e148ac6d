import { Arg, Authorized, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { wireEnum } from '../graphql/enums.js';
import { Node, type NodeType } from '../graphql/node.js';
import { DateTime } from '../graphql/scalars.js';
import { CurrentCaller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { listArgs } from '../graphql/list-args.js';
import { plainInput } from '../graphql/plain-input.js';
import { AFTER, connectionType, FIRST, toConnection, type Connection } from '../graphql/relay.js';
import { pageQuery } from '../http/pagination.js';
import type { Scope } from './scopes.js';
import { tokenView, type TokenView } from './auth.schemas.js';
import { createToken, findTokens, listTokens, requireAuthentication, revokeToken, tokenCursor, type Principal } from './auth.service.js';

export const ScopeEnum = wireEnum<Scope>('Scope', 'What a token may do; the value is the scope with `:` as `_` (`orders_read` is `orders:read`)', {
  'orders:read': 'Read orders, their payments, shipments, chats, settlement cycles and support cases',
  'orders:write': 'Create orders, change their status, record payments, shipments and support messages',
  'catalog:read': 'Read products, prices, stock and channels',
  'catalog:write': 'Change products, prices, stock and channels',
  'webhooks:read': 'Read webhook subscriptions, their deliveries and installed applications',
  'webhooks:write': 'Change webhook subscriptions, redeliver, install and uninstall applications',
});

@ObjectType({ description: 'The seller (tenant) the calling token belongs to' })
class ViewerSeller {
  @Field(() => ID, { description: 'Seller id' })
  id!: string;

  @Field({ description: 'Seller name' })
  name!: string;
}

@ObjectType({ description: 'Who is calling: the token\'s seller and scopes' })
class Viewer {
  @Field(() => ViewerSeller, { description: 'The token\'s seller' })
  seller!: ViewerSeller;

  @Field(() => [ScopeEnum], { description: 'The token\'s scopes' })
  scopes!: string[];

  @Field(() => ID, { description: 'The calling token\'s id' })
  tokenId!: string;

  @Field({ description: 'Whether the seller is a sandbox seller (tokens `ponte_sk_test_…`, the simulated marketplace `simulador`); false for a live seller' })
  sandbox!: boolean;
}

@InputType({ description: 'Input of createToken' })
class CreateTokenInput {
  @Field({ nullable: true, description: 'A name to tell it apart' })
  name?: string;

  @Field(() => [ScopeEnum], { nullable: true, description: 'At most the calling token\'s scopes; missing or empty means exactly those' })
  scopes?: string[];
}

@ObjectType('ApiToken', { description: 'An API token of the seller, without its secret', implements: Node })
class ApiTokenType implements TokenView {
  @Field(() => ID, { description: 'Token id' }) id!: string;
  @Field({ description: 'A name to tell it apart' }) name!: string;
  @Field({ description: 'The first characters of the token, to tell tokens apart' }) prefix!: string;
  @Field(() => [ScopeEnum], { description: 'What it may do' }) scopes!: TokenView['scopes'];
  @Field(() => DateTime, { description: 'When it was created' }) createdAt!: string;
  @Field(() => DateTime, { nullable: true, description: 'Set once revoked: the token no longer works' }) revokedAt!: string | null;
  @Field(() => DateTime, { nullable: true, description: 'When a request last used it, to within about two minutes; null if never' }) lastUsedAt!: string | null;
  @Field(() => ID, { nullable: true, description: 'The token that created this one; null when the operator did (CLI)' }) issuedBy!: string | null;
}

@ObjectType({ description: 'The result of createToken' })
class CreateTokenPayload {
  @Field(() => ApiTokenType, { description: 'The new token\'s record' })
  apiToken!: TokenView;

  @Field({ description: 'The token itself (ponte_sk_…), shown once: only its hash is stored' })
  token!: string;
}

@InputType({ description: 'Input of revokeToken' })
class RevokeTokenInput {
  @Field(() => ID, { description: 'The token to revoke' })
  tokenId!: string;
}

@ObjectType({ description: 'The result of revokeToken' })
class RevokeTokenPayload {
  @Field(() => ApiTokenType, { description: 'The token, now revoked' })
  apiToken!: TokenView;
}

const ApiTokenConnection = connectionType('ApiToken', ApiTokenType);

/** Relay: any token of the seller may read its tokens (never their secrets), as `tokens` does. */
export const apiTokenNode: NodeType = {
  async find({ em, principal }, ids) {
    return (await findTokens(em, requireAuthentication(principal).sellerId, ids)).map(tokenView);
  },
};

/**
 * Tokens manage tokens within their own authority: any token of a seller lists the
 * seller's tokens (names, prefixes, scopes; never secrets) and creates or revokes tokens
 * whose scopes it holds itself (docs/security.md#scopes-and-the-rule-that-authority-never-grows).
 */
@Resolver()
export class AuthResolver {
  @Authorized()
  @Query(() => Viewer, { description: 'Who is calling: the token, its seller and scopes' })
  viewer(@CurrentCaller() caller: Principal): Viewer {
    return {
      seller: { id: caller.sellerId, name: caller.sellerName },
      scopes: [...caller.scopes],
      tokenId: caller.tokenId,
      sandbox: caller.sandbox,
    };
  }

  @Authorized()
  @Query(() => ApiTokenConnection, { description: 'The seller\'s tokens, revoked ones included, oldest first' })
  async tokens(
    @Arg('first', () => Int, { nullable: true, description: FIRST }) first: number | undefined,
    @Arg('after', () => String, { nullable: true, description: AFTER }) after: string | undefined,
    @CurrentCaller() caller: Principal,
    @Ctx() context: GraphQLContext,
  ): Promise<Connection<TokenView>> {
    const { page } = listArgs(context, pageQuery, { first, after });
    return toConnection(await listTokens(context.em, caller.sellerId, page), tokenCursor, tokenView);
  }

  @Authorized()
  @Mutation(() => RevokeTokenPayload, {
    description: 'Revokes a token of the seller whose scopes the caller holds; it stops working at once and its live connections close (4403)',
  })
  async revokeToken(
    @Arg('input', () => RevokeTokenInput, { description: 'The token' }) { tokenId }: RevokeTokenInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<RevokeTokenPayload> {
    return { apiToken: tokenView(await revokeToken(em, caller, tokenId)) };
  }

  /** A token can hand out at most the scopes it holds itself (the rule is createToken's). */
  @Authorized()
  @Mutation(() => CreateTokenPayload, { description: 'Creates a token with at most the caller\'s scopes; its secret is shown this once' })
  async createToken(
    @Arg('input', () => CreateTokenInput, { description: 'Its name and scopes' }) input: CreateTokenInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em, config }: GraphQLContext,
  ): Promise<CreateTokenPayload> {
    const { name, scopes } = plainInput(input) as CreateTokenInput;
    const { token, record } = await createToken(em, { sellerId: caller.sellerId, name, scopes, issuer: caller, tokensPerSellerMax: config.tokensPerSellerMax });
    return { apiToken: tokenView(record), token };
  }
}
