import { Arg, Authorized, Ctx, Field, GraphQLISODateTime, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { CurrentCaller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { listArgs } from '../graphql/list-args.js';
import { plainInput } from '../graphql/plain-input.js';
import { connectionType, toConnection, type Connection } from '../graphql/relay.js';
import { pageQuery } from '../http/pagination.js';
import { tokenView, type TokenView } from './auth.schemas.js';
import { createToken, listTokens, revokeToken, tokenCursor, type Principal } from './auth.service.js';

@ObjectType({ description: 'The seller (tenant) the calling token belongs to' })
class ViewerSeller {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;
}

@ObjectType({ description: 'Who is calling: the token\'s seller and scopes' })
class Viewer {
  @Field(() => ViewerSeller)
  seller!: ViewerSeller;

  @Field(() => [String])
  scopes!: string[];

  @Field(() => ID)
  tokenId!: string;
}

@InputType()
class CreateTokenInput {
  @Field({ nullable: true })
  name?: string;

  @Field(() => [String], { nullable: true, description: 'At most the calling token\'s scopes; missing or empty means exactly those' })
  scopes?: string[];
}

@ObjectType()
class CreatedToken {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'Shown once: only its hash is stored' })
  token!: string;

  @Field(() => [String])
  scopes!: string[];
}

@ObjectType('ApiToken', { description: 'An API token of the seller, without its secret' })
class ApiTokenType implements TokenView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ description: 'The first characters of the token, to tell tokens apart' }) prefix!: string;
  @Field(() => [String]) scopes!: TokenView['scopes'];
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Set once revoked: the token no longer works' }) revokedAt!: string | null;
  @Field(() => ID, { nullable: true, description: 'The token that created this one; null when the operator did (CLI)' }) issuedBy!: string | null;
}

const ApiTokenConnection = connectionType('ApiToken', ApiTokenType);

/**
 * Tokens manage tokens within their own authority: any token of a seller lists the
 * seller's tokens (names, prefixes, scopes; never secrets) and creates or revokes tokens
 * whose scopes it holds itself (docs/security.md#scopes-and-the-rule-that-authority-never-grows).
 */
@Resolver()
export class AuthResolver {
  @Authorized()
  @Query(() => Viewer)
  viewer(@CurrentCaller() caller: Principal): Viewer {
    return {
      seller: { id: caller.sellerId, name: caller.sellerName },
      scopes: [...caller.scopes],
      tokenId: caller.tokenId,
    };
  }

  @Authorized()
  @Query(() => ApiTokenConnection, { description: 'The seller\'s tokens, revoked ones included, oldest first' })
  async tokens(
    @Arg('first', () => Int, { nullable: true }) first: number | undefined,
    @Arg('after', () => String, { nullable: true }) after: string | undefined,
    @CurrentCaller() caller: Principal,
    @Ctx() context: GraphQLContext,
  ): Promise<Connection<TokenView>> {
    const { page } = listArgs(context, pageQuery, { first, after });
    return toConnection(await listTokens(context.em, caller.sellerId, page), tokenCursor, tokenView);
  }

  @Authorized()
  @Mutation(() => ApiTokenType, {
    description: 'Revokes a token of the seller whose scopes the caller holds; it stops working at once and its live connections close (4403)',
  })
  async revokeToken(@Arg('id', () => ID) id: string, @CurrentCaller() caller: Principal, @Ctx() { em }: GraphQLContext): Promise<TokenView> {
    return tokenView(await revokeToken(em, caller, id));
  }

  /** A token can hand out at most the scopes it holds itself (the rule is createToken's). */
  @Authorized()
  @Mutation(() => CreatedToken)
  async createToken(
    @Arg('input', () => CreateTokenInput, { nullable: true }) input: CreateTokenInput | undefined,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<CreatedToken> {
    const { name, scopes } = plainInput(input ?? {}) as CreateTokenInput;
    const { token, record } = await createToken(em, { sellerId: caller.sellerId, name, scopes, issuer: caller });
    return { id: record.id, token, scopes: record.scopes };
  }
}
