import { Arg, Authorized, Ctx, Field, FieldResolver, GraphQLISODateTime, ID, InputType, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { CurrentSeller } from '../../graphql/caller.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { listArgs } from '../../graphql/list-args.js';
import { validInput } from '../../graphql/plain-input.js';
import { connectionType, toConnection, type Connection } from '../../graphql/relay.js';
import { pageQuery } from '../../http/pagination.js';
import { compileInput } from '../../http/validation.js';
import { childrenLoader } from '../products.loaders.js';
import { closeSettlementCycle, findSettlementCycle, listSettlementCycles } from './settlement-cycle.service.js';
import { CloseCycleSchema } from './payments.schemas.js';
import { SettlementCycle, SettlementEntry } from './settlement-cycle.entity.js';

@ObjectType('SettlementEntry', { description: 'One approved payment settled in a cycle' })
class SettlementEntryType {
  @Field(() => ID) id!: string;
  @Field(() => ID) payment!: string;
  @Field(() => ID) order!: string;
  @Field() amount!: string;
  @Field() fee!: string;
}

@ObjectType('SettlementCycle', { description: 'A closed settlement period; closing it emits ciclo.criado' })
class SettlementCycleType {
  @Field(() => ID) id!: string;
  @Field(() => GraphQLISODateTime, { description: 'Inclusive' }) periodStart!: Date;
  @Field(() => GraphQLISODateTime, { description: 'Exclusive' }) periodEnd!: Date;
  @Field() gross!: string;
  @Field() fees!: string;
  @Field() net!: string;
  @Field({ description: 'Percent of each payment taken as fee, e.g. "2.50"' }) feePercent!: string;
  @Field({ description: 'YYYY-MM-DD (UTC)' }) payoutDate!: string;
  @Field(() => Int) paymentCount!: number;
  @Field(() => GraphQLISODateTime) createdAt!: Date;
}

const SettlementCycleConnection = connectionType('SettlementCycle', SettlementCycleType);

@InputType()
class CloseSettlementCycleInput {
  @Field({ description: 'ISO 8601, inclusive' }) periodStart!: string;
  @Field({ description: 'ISO 8601, exclusive; not in the future' }) periodEnd!: string;
}

/** Settlement cycles of the payments product, under the orders scopes (they settle orders' payments). */
const closeCycleValidator = compileInput(CloseCycleSchema);

@Resolver(() => SettlementCycleType)
export class PaymentsResolver {
  @Authorized('orders:read')
  @Query(() => SettlementCycleConnection, { description: 'Newest first' })
  async settlementCycles(
    @Ctx() context: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<Connection<SettlementCycle>> {
    const { page } = listArgs(context, pageQuery, { first, after });
    return toConnection(await listSettlementCycles(context.em, page), (row) => [row.id], (row) => row);
  }

  @Authorized('orders:read')
  @Query(() => SettlementCycleType, { nullable: true })
  async settlementCycle(@Arg('id', () => ID) id: string, @Ctx() { em }: GraphQLContext): Promise<SettlementCycle | null> {
    return findSettlementCycle(em, id);
  }

  @Authorized('orders:write')
  @Mutation(() => SettlementCycleType, { description: 'Settles the approved payments of an ended period not settled before' })
  async closeSettlementCycle(
    @Arg('input', () => CloseSettlementCycleInput) input: CloseSettlementCycleInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em, config }: GraphQLContext,
  ): Promise<SettlementCycle> {
    return closeSettlementCycle(em, sellerId, validInput(closeCycleValidator, input), config);
  }

  @FieldResolver(() => [SettlementEntryType])
  async entries(@Root() cycle: SettlementCycle, @Ctx() context: GraphQLContext): Promise<SettlementEntry[]> {
    return childrenLoader(context, SettlementEntry, 'cycle').load(cycle.id);
  }
}
