import {
  Arg,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  GraphQLISODateTime,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  registerEnumType,
  Resolver,
  Root,
} from 'type-graphql';
import { CurrentSeller } from '../../graphql/caller.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { listArgs } from '../../graphql/list-args.js';
import { validInput } from '../../graphql/plain-input.js';
import { connectionType, toConnection, type Connection } from '../../graphql/relay.js';
import { compileInput } from '../../http/validation.js';
import { childrenLoader } from '../products.loaders.js';
import { addSupportMessage, closeSupportCase, findSupportCase, listSupportCases, openSupportCase } from './support-case.service.js';
import * as schemas from './support.schemas.js';
import { CASE_STATUSES, MESSAGE_DIRECTIONS, SupportCase, SupportMessage, type CaseStatus } from './support-case.entity.js';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;
const CaseStatusEnum = enumOf(CASE_STATUSES);
const MessageDirectionEnum = enumOf(MESSAGE_DIRECTIONS);
registerEnumType(CaseStatusEnum, { name: 'SupportCaseStatus' });
registerEnumType(MessageDirectionEnum, { name: 'SupportMessageDirection', description: 'entrada: from the customer; saida: to the customer' });

@ObjectType('SupportMessage', { description: 'An interaction of a case; each one is sent as atendimento.mensagem' })
class SupportMessageType {
  @Field(() => ID) id!: string;
  @Field({ description: 'canal' }) channel!: string;
  @Field(() => MessageDirectionEnum, { description: 'direcao' }) direction!: string;
  @Field({ description: 'mensagem' }) message!: string;
  @Field(() => GraphQLISODateTime, { description: 'dataHora' }) at!: Date;
}

@ObjectType('SupportCase', { description: 'A customer-service case (atendimento)' })
class SupportCaseType {
  @Field(() => ID) id!: string;
  @Field({ description: 'canal' }) channel!: string;
  @Field() subject!: string;
  @Field(() => String, { nullable: true }) customerName!: string | null;
  @Field(() => ID, { nullable: true }) order!: string | null;
  @Field(() => CaseStatusEnum) status!: string;
  @Field(() => GraphQLISODateTime) createdAt!: Date;
  @Field(() => GraphQLISODateTime, { nullable: true }) closedAt!: Date | null;
}

const SupportCaseConnection = connectionType('SupportCase', SupportCaseType);

@InputType()
class OpenSupportCaseInput {
  @Field({ description: 'canal, e.g. chat, email, whatsapp' }) channel!: string;
  @Field() subject!: string;
  @Field({ nullable: true }) customerName?: string;
  @Field(() => ID, { nullable: true }) orderId?: string;
  @Field({ nullable: true, description: 'The customer\'s first message (entrada)' }) message?: string;
}

@InputType()
class SupportMessageInput {
  @Field(() => MessageDirectionEnum) direction!: string;
  @Field() message!: string;
  @Field({ nullable: true, description: 'Defaults to the case\'s channel' }) channel?: string;
}

/** Support cases of the customer-service product, under the orders scopes (customers of the seller's orders). */
const openCaseValidator = compileInput(schemas.OpenCaseSchema);
const caseMessageValidator = compileInput(schemas.CaseMessageSchema);

@Resolver(() => SupportCaseType)
export class SupportResolver {
  @Authorized('orders:read')
  @Query(() => SupportCaseConnection, { description: 'Newest first' })
  async supportCases(
    @Ctx() context: GraphQLContext,
    @Arg('status', () => CaseStatusEnum, { nullable: true }) status?: CaseStatus,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<Connection<SupportCase>> {
    const list = listArgs(context, schemas.supportCaseListArgs, { status, first, after });
    return toConnection(await listSupportCases(context.em, list.filter, list.page), (row) => [row.id], (row) => row);
  }

  @Authorized('orders:read')
  @Query(() => SupportCaseType, { nullable: true })
  async supportCase(@Arg('id', () => ID) id: string, @Ctx() { em }: GraphQLContext): Promise<SupportCase | null> {
    return findSupportCase(em, id);
  }

  @Authorized('orders:write')
  @Mutation(() => SupportCaseType, { description: 'Emits atendimento.criado (and atendimento.mensagem for a first message)' })
  async openSupportCase(
    @Arg('input', () => OpenSupportCaseInput) input: OpenSupportCaseInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<SupportCase> {
    return openSupportCase(em, sellerId, validInput(openCaseValidator, input));
  }

  @Authorized('orders:write')
  @Mutation(() => SupportMessageType, { description: 'Emits atendimento.mensagem; a closed case is 409' })
  async addSupportMessage(
    @Arg('caseId', () => ID) caseId: string,
    @Arg('input', () => SupportMessageInput) input: SupportMessageInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<SupportMessage> {
    return addSupportMessage(em, sellerId, caseId, validInput(caseMessageValidator, input));
  }

  @Authorized('orders:write')
  @Mutation(() => SupportCaseType, { description: 'Emits atendimento.encerrado; closing twice is 409' })
  async closeSupportCase(@Arg('caseId', () => ID) caseId: string, @CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<SupportCase> {
    return closeSupportCase(em, sellerId, caseId);
  }

  @FieldResolver(() => [SupportMessageType], { description: 'Oldest first' })
  async messages(@Root() supportCase: SupportCase, @Ctx() context: GraphQLContext): Promise<SupportMessage[]> {
    return childrenLoader(context, SupportMessage, 'supportCase').load(supportCase.id);
  }
}
