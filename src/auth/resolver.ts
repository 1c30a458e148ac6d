import { Arg, Authorized, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { requireAuthentication, createToken } from './service.js';

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

@Resolver()
export class AuthResolver {
  @Authorized()
  @Query(() => Viewer)
  viewer(@Ctx() { principal }: GraphQLContext): Viewer {
    const caller = requireAuthentication(principal);
    return {
      seller: { id: caller.sellerId, name: caller.sellerName },
      scopes: [...caller.scopes],
      tokenId: caller.tokenId,
    };
  }

  /** A token can hand out at most the scopes it holds itself (the rule is createToken's). */
  @Authorized()
  @Mutation(() => CreatedToken)
  async createToken(
    @Arg('input', () => CreateTokenInput, { nullable: true }) input: CreateTokenInput | undefined,
    @Ctx() { principal, em }: GraphQLContext,
  ): Promise<CreatedToken> {
    const caller = requireAuthentication(principal);
    const { token, record } = await createToken(em, {
      sellerId: caller.sellerId,
      name: input?.name ?? undefined,
      scopes: input?.scopes ?? undefined,
      issuer: caller,
    });
    return { id: record.id, token, scopes: record.scopes };
  }
}
