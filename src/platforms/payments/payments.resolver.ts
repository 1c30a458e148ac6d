import { Arg, Authorized, Ctx, Field, FieldResolver, ID, InputType, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { CurrentSeller } from '../../graphql/caller.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { listArgs } from '../../graphql/list-args.js';
import { MaxItems } from '../../graphql/list-size.js';
import { validInput } from '../../graphql/plain-input.js';
import { Node, type NodeType } from '../../graphql/node.js';
import { AFTER, connectionType, FIRST, toConnection, type Connection } from '../../graphql/relay.js';
import { DateTime, LocalDate, Money } from '../../graphql/scalars.js';
import { pageQuery } from '../../http/pagination.js';
import { compileInput } from '../../http/validation.js';
import { childrenLoader } from '../platforms.loaders.js';
import { closeSettlementCycle, findSettlementCycle, findSettlementCycles, listSettlementCycles, SETTLEMENT_ENTRIES_MAX } from './settlement-cycle.service.js';
import { CloseCycleSchema } from './payments.schemas.js';
import { SettlementCycle, SettlementEntry } from './settlement-cycle.entity.js';

@ObjectType('SettlementEntry', { description: 'One approved payment settled in a cycle' })
class SettlementEntryType {
  @Field(() => ID, { description: 'Entry id' }) id!: string;
  @Field(() => ID, { description: 'The payment settled' }) payment!: string;
  @Field(() => ID, { description: 'Its order' }) order!: string;
  @Field(() => Money, { description: 'The payment\'s amount' }) amount!: string;
  @Field(() => Money, { description: 'The fee taken from it' }) fee!: string;
}

@ObjectType('SettlementCycle', { description: 'A closed settlement period; closing it emits ciclo.criado', implements: Node })
class SettlementCycleType {
  @Field(() => ID, { description: 'Cycle id (UUID v7)' }) id!: string;
  @Field(() => DateTime, { description: 'Start of the period (inclusive)' }) periodStart!: Date;
  @Field(() => DateTime, { description: 'End of the period (exclusive)' }) periodEnd!: Date;
  @Field(() => Money, { description: 'Sum of the settled payments' }) gross!: string;
  @Field(() => Money, { description: 'Sum of the fees' }) fees!: string;
  @Field(() => Money, { description: 'gross − fees: what the seller receives' }) net!: string;
  @Field({ description: 'Percent of each payment taken as fee, e.g. "2.50"' }) feePercent!: string;
  @Field(() => LocalDate, { description: 'The day the seller is paid (UTC)' }) payoutDate!: string;
  @Field(() => Int, { description: 'How many payments it settles' }) paymentCount!: number;
  @Field(() => DateTime, { description: 'When it was closed' }) createdAt!: Date;
}

const SettlementCycleConnection = connectionType('SettlementCycle', SettlementCycleType);

@InputType({ description: 'Input of closeSettlementCycle' })
class CloseSettlementCycleInput {
  @Field(() => DateTime, { description: 'Start of the period (inclusive)' }) periodStart!: Date;
  @Field(() => DateTime, { description: 'End of the period (exclusive); not in the future' }) periodEnd!: Date;
}

@ObjectType({ description: 'The result of closeSettlementCycle' })
class CloseSettlementCyclePayload {
  @Field(() => SettlementCycleType, { description: 'The new cycle' }) settlementCycle!: SettlementCycleType;
}

/** Settlement cycles of the payments product, under the orders scopes (they settle orders' payments). */
const closeCycleValidator = compileInput(CloseCycleSchema);

/** Relay: cycles by id, under the orders scope like the settlementCycle query. */
export const settlementCycleNode: NodeType = { readScope: 'orders:read', find: ({ em }, ids) => findSettlementCycles(em, ids) };

@Resolver(() => SettlementCycleType)
export class PaymentsResolver {
  @Authorized('orders:read')
  @Query(() => SettlementCycleConnection, { description: 'Newest first' })
  async settlementCycles(
    @Ctx() context: GraphQLContext,
    @Arg('first', () => Int, { nullable: true, description: FIRST }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER }) after?: string,
  ): Promise<Connection<SettlementCycle>> {
    const { page } = listArgs(context, pageQuery, { first, after });
    return toConnection(await listSettlementCycles(context.em, page), (row) => [row.id], (row) => row);
  }

  @Authorized('orders:read')
  @Query(() => SettlementCycleType, { nullable: true, description: 'A cycle; null when none of the seller has this id' })
  async settlementCycle(@Arg('id', () => ID, { description: 'The cycle id' }) id: string, @Ctx() { em }: GraphQLContext): Promise<SettlementCycle | null> {
    return findSettlementCycle(em, id);
  }

  @Authorized('orders:write')
  @Mutation(() => CloseSettlementCyclePayload, { description: 'Settles the approved payments of an ended period not settled before' })
  async closeSettlementCycle(
    @Arg('input', () => CloseSettlementCycleInput, { description: 'The period' }) input: CloseSettlementCycleInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em, config }: GraphQLContext,
  ): Promise<{ settlementCycle: SettlementCycle }> {
    return { settlementCycle: await closeSettlementCycle(em, sellerId, validInput(closeCycleValidator, input), config) };
  }

  @MaxItems(SETTLEMENT_ENTRIES_MAX)
  @FieldResolver(() => [SettlementEntryType], { description: `The payments it settles (at most ${SETTLEMENT_ENTRIES_MAX})` })
  async entries(@Root() cycle: SettlementCycle, @Ctx() context: GraphQLContext): Promise<SettlementEntry[]> {
    return childrenLoader(context, SettlementEntry, 'cycle').load(cycle.id);
  }
}
