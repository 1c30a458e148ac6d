import {
  Arg,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { CurrentSeller } from '../../graphql/caller.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { listArgs } from '../../graphql/list-args.js';
import { validInput } from '../../graphql/plain-input.js';
import { wireEnum } from '../../graphql/enums.js';
import { Node, type NodeType } from '../../graphql/node.js';
import { AFTER, connectionType, FIRST, toConnection, type Connection } from '../../graphql/relay.js';
import { DateTime } from '../../graphql/scalars.js';
import { compileInput } from '../../http/validation.js';
import { childrenLoader } from '../platforms.loaders.js';
import { MaxItems } from '../../graphql/list-size.js';
import { SUPPORT_MESSAGES_MAX, addSupportMessage, closeSupportCase, findSupportCase, findSupportCases, listSupportCases, openSupportCase } from './support-case.service.js';
import * as schemas from './support.schemas.js';
import { SupportCase, SupportMessage, type CaseStatus, type MessageDirection } from './support-case.entity.js';

const CaseStatusEnum = wireEnum<CaseStatus>('SupportCaseStatus', 'Whether a support case takes messages', {
  open: 'Open: takes messages',
  closed: 'Closed: a new message is 409',
});
const MessageDirectionEnum = wireEnum<MessageDirection>('SupportMessageDirection', 'Who a support message goes to (direcao)', {
  entrada: 'From the customer',
  saida: 'To the customer',
});

@ObjectType('SupportMessage', { description: 'An interaction of a case; each one is sent as atendimento.mensagem' })
class SupportMessageType {
  @Field(() => ID, { description: 'Message id' }) id!: string;
  @Field({ description: 'canal: where it was exchanged' }) channel!: string;
  @Field(() => MessageDirectionEnum, { description: 'direcao' }) direction!: string;
  @Field({ description: 'mensagem: the text' }) message!: string;
  @Field(() => DateTime, { description: 'dataHora: when it was recorded' }) at!: Date;
}

@ObjectType('SupportCase', { description: 'A customer-service case (atendimento)', implements: Node })
class SupportCaseType {
  @Field(() => ID, { description: 'Case id (UUID v7)' }) id!: string;
  @Field({ description: 'canal: where the customer reached out, e.g. chat' }) channel!: string;
  @Field({ description: 'What it is about' }) subject!: string;
  @Field(() => String, { nullable: true, description: 'The customer\'s name' }) customerName!: string | null;
  @Field(() => ID, { nullable: true, description: 'The order it is about, if any' }) order!: string | null;
  @Field(() => CaseStatusEnum, { description: 'Open or closed' }) status!: string;
  @Field(() => DateTime, { description: 'When it was opened' }) createdAt!: Date;
  @Field(() => DateTime, { nullable: true, description: 'When it was closed' }) closedAt!: Date | null;
}

const SupportCaseConnection = connectionType('SupportCase', SupportCaseType);

@InputType({ description: 'Input of openSupportCase' })
class OpenSupportCaseInput {
  @Field({ description: 'canal, e.g. chat, email, whatsapp' }) channel!: string;
  @Field({ description: 'What it is about' }) subject!: string;
  @Field({ nullable: true, description: 'The customer\'s name' }) customerName?: string;
  @Field(() => ID, { nullable: true, description: 'The order it is about' }) orderId?: string;
  @Field({ nullable: true, description: 'The customer\'s first message (entrada)' }) message?: string;
}

@InputType({ description: 'Input of addSupportMessage' })
class AddSupportMessageInput {
  @Field(() => ID, { description: 'An open case' }) caseId!: string;
  @Field(() => MessageDirectionEnum, { description: 'From or to the customer' }) direction!: string;
  @Field({ description: 'The text' }) message!: string;
  @Field({ nullable: true, description: 'Defaults to the case\'s channel' }) channel?: string;
}

@InputType({ description: 'Input of closeSupportCase' })
class CloseSupportCaseInput {
  @Field(() => ID, { description: 'An open case' }) caseId!: string;
}

@ObjectType({ description: 'The result of openSupportCase' })
class OpenSupportCasePayload {
  @Field(() => SupportCaseType, { description: 'The new case' }) supportCase!: SupportCaseType;
}

@ObjectType({ description: 'The result of closeSupportCase' })
class CloseSupportCasePayload {
  @Field(() => SupportCaseType, { description: 'The case, now closed' }) supportCase!: SupportCaseType;
}

@ObjectType({ description: 'The result of addSupportMessage' })
class AddSupportMessagePayload {
  @Field(() => SupportMessageType, { description: 'The recorded message' }) message!: SupportMessageType;
}

/** Support cases of the customer-service product, under the orders scopes (customers of the seller's orders). */
const openCaseValidator = compileInput(schemas.OpenCaseSchema);
const caseMessageValidator = compileInput(schemas.CaseMessageSchema);

/** Relay: cases by id, under the orders scope like the supportCase query. */
export const supportCaseNode: NodeType = { readScope: 'orders:read', find: ({ em }, ids) => findSupportCases(em, ids) };

@Resolver(() => SupportCaseType)
export class SupportResolver {
  @Authorized('orders:read')
  @Query(() => SupportCaseConnection, { description: 'Newest first' })
  async supportCases(
    @Ctx() context: GraphQLContext,
    @Arg('status', () => CaseStatusEnum, { nullable: true, description: 'Only cases in this status' }) status?: CaseStatus,
    @Arg('first', () => Int, { nullable: true, description: FIRST }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER }) after?: string,
  ): Promise<Connection<SupportCase>> {
    const list = listArgs(context, schemas.supportCaseListArgs, { status, first, after });
    return toConnection(await listSupportCases(context.em, list.filter, list.page), (row) => [row.id], (row) => row);
  }

  @Authorized('orders:read')
  @Query(() => SupportCaseType, { nullable: true, description: 'A case; null when none of the seller has this id' })
  async supportCase(@Arg('id', () => ID, { description: 'The case id' }) id: string, @Ctx() { em }: GraphQLContext): Promise<SupportCase | null> {
    return findSupportCase(em, id);
  }

  @Authorized('orders:write')
  @Mutation(() => OpenSupportCasePayload, { description: 'Emits atendimento.criado (and atendimento.mensagem for a first message)' })
  async openSupportCase(
    @Arg('input', () => OpenSupportCaseInput, { description: 'The case' }) input: OpenSupportCaseInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<{ supportCase: SupportCase }> {
    return { supportCase: await openSupportCase(em, sellerId, validInput(openCaseValidator, input)) };
  }

  @Authorized('orders:write')
  @Mutation(() => AddSupportMessagePayload, { description: 'Emits atendimento.mensagem; a closed case is 409' })
  async addSupportMessage(
    @Arg('input', () => AddSupportMessageInput, { description: 'The case and the message' }) { caseId, ...message }: AddSupportMessageInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<{ message: SupportMessage }> {
    return { message: await addSupportMessage(em, sellerId, caseId, validInput(caseMessageValidator, message)) };
  }

  @Authorized('orders:write')
  @Mutation(() => CloseSupportCasePayload, { description: 'Emits atendimento.encerrado; closing twice is 409' })
  async closeSupportCase(
    @Arg('input', () => CloseSupportCaseInput, { description: 'The case' }) { caseId }: CloseSupportCaseInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<{ supportCase: SupportCase }> {
    return { supportCase: await closeSupportCase(em, sellerId, caseId) };
  }

  @MaxItems(SUPPORT_MESSAGES_MAX)
  @FieldResolver(() => [SupportMessageType], { description: `Oldest first (at most ${SUPPORT_MESSAGES_MAX})` })
  async messages(@Root() supportCase: SupportCase, @Ctx() context: GraphQLContext): Promise<SupportMessage[]> {
    return childrenLoader(context, SupportMessage, 'supportCase').load(supportCase.id);
  }
}
