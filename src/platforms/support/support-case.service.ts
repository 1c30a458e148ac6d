import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { claimQuota } from '../../db/quota.js';
import { transactionTime } from '../../db/transaction-time.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { recordEvent } from '../../events/outbox.js';
import { decodeCursor, pageOf, type Page, type PageRequest } from '../../http/pagination.js';
import { Order } from '../../orders/order.entity.js';
import { isUuid } from '../../db/ids.js';
import { childrenOf } from '../platforms.loaders.js';
import { caseClosed, caseMessage, caseOpened } from './support.events.js';
import type { CaseMessageInput, OpenCaseInput, SupportCaseFilter } from './support.schemas.js';
import { SupportCase, SupportMessage } from './support-case.entity.js';

/** Opens a case (`atendimento.criado`); a first message also records `atendimento.mensagem`. */
export async function openSupportCase(em: EntityManager, sellerId: string, input: OpenCaseInput): Promise<SupportCase> {
  return em.transactional(async (tx) => {
    if (input.orderId && !(await tx.findOne(Order, { id: input.orderId }))) {
      throw validationFailed([{ path: '/orderId', message: 'no order of this seller has this id' }]);
    }
    const now = await transactionTime(tx);
    const supportCase = tx.create(SupportCase, {
      seller: sellerId,
      channel: input.channel,
      subject: input.subject,
      customerName: input.customerName ?? null,
      order: input.orderId ?? null,
      createdAt: now,
    });
    await tx.flush();
    await recordEvent(tx, sellerId, caseOpened(supportCase));
    if (input.message) await addMessage(tx, sellerId, supportCase, { direction: 'entrada', message: input.message }, now);
    return supportCase;
  });
}

/** Messages one case holds: a case's messages are one list of its views (GraphQL, REST). */
export const SUPPORT_MESSAGES_MAX = 200;

export async function addSupportMessage(
  em: EntityManager,
  sellerId: string,
  caseId: string,
  input: CaseMessageInput,
): Promise<SupportMessage> {
  return em.transactional(async (tx) => {
    const supportCase = await lockOpenCase(tx, caseId);
    return addMessage(tx, sellerId, supportCase, input, await transactionTime(tx));
  });
}

async function addMessage(
  tx: EntityManager,
  sellerId: string,
  supportCase: SupportCase,
  input: CaseMessageInput,
  at: Date,
): Promise<SupportMessage> {
  await claimQuota(tx, {
    key: `support-messages:${supportCase.id}`,
    limit: SUPPORT_MESSAGES_MAX,
    what: 'messages in a support case',
    remedy: 'open a new case to go on',
    count: () => tx.count(SupportMessage, { supportCase: supportCase.id }),
  });
  const message = tx.create(SupportMessage, {
    seller: sellerId,
    supportCase: supportCase.id,
    channel: input.channel ?? supportCase.channel,
    direction: input.direction,
    message: input.message,
    at,
  });
  await tx.flush();
  await recordEvent(tx, sellerId, caseMessage(message));
  return message;
}

/** Closing is final (`atendimento.encerrado`); a closed case takes no more messages. */
export async function closeSupportCase(em: EntityManager, sellerId: string, caseId: string): Promise<SupportCase> {
  return em.transactional(async (tx) => {
    const supportCase = await lockOpenCase(tx, caseId);
    const now = await transactionTime(tx);
    supportCase.status = 'closed';
    supportCase.closedAt = now;
    await tx.flush();
    await recordEvent(tx, sellerId, caseClosed(supportCase, now));
    return supportCase;
  });
}

async function lockOpenCase(tx: EntityManager, caseId: string): Promise<SupportCase> {
  const supportCase = isUuid(caseId) ? await tx.findOne(SupportCase, { id: caseId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
  if (!supportCase) throw notFound('Support case');
  if (supportCase.status === 'closed') throw new AppError('CONFLICT', 'The support case is closed', { status: 'closed' });
  return supportCase;
}

/** The seller's cases with these ids (node(id:)); ids must be UUIDs. */
export async function findSupportCases(em: EntityManager, ids: readonly string[]): Promise<SupportCase[]> {
  return em.find(SupportCase, { id: { $in: [...ids] } });
}

export async function findSupportCase(em: EntityManager, id: string): Promise<SupportCase | null> {
  return isUuid(id) ? em.findOne(SupportCase, { id }) : null;
}

/** Newest first, optionally of one status. */
export async function listSupportCases(em: EntityManager, filter: SupportCaseFilter, page: PageRequest): Promise<Page<SupportCase>> {
  const before = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(
    SupportCase,
    { ...(filter.status ? { status: filter.status } : {}), ...(before ? { id: { $lt: before } } : {}) },
    { orderBy: { id: 'desc' }, limit: page.limit + 1 },
  );
  return pageOf(rows, page.limit, (row) => [row.id]);
}

/** One case with its messages, oldest first (REST's shape); another seller's is absent (404). */
export async function getSupportCase(em: EntityManager, id: string): Promise<{ supportCase: SupportCase; messages: SupportMessage[] }> {
  const supportCase = await findSupportCase(em, id);
  if (!supportCase) throw notFound('Support case');
  return { supportCase, messages: (await childrenOf(em, SupportMessage, 'supportCase', [supportCase.id])).get(supportCase.id)! };
}
