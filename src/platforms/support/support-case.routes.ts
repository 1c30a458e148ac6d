import { Type } from 'typebox';
import { listRequest, viewPage } from '../../http/pagination.js';
import { problemResponse } from '../../http/problem.js';
import { callerOf, type RestRoutes } from '../../http/rest.js';
import { addSupportMessage, closeSupportCase, getSupportCase, listSupportCases, openSupportCase } from './support-case.service.js';
import { CaseMessageSchema, OpenCaseSchema, supportCaseListArgs } from './support.schemas.js';
import { CASE_STATUSES, MESSAGE_DIRECTIONS, type SupportCase, type SupportMessage } from './support-case.entity.js';
import { SUPPORT } from './support.platform.js';

const Id = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const IdParams = Type.Object({ id: Type.String({ description: 'Support case id (UUID)' }) });

const MessageResponse = Type.Object({
  id: Id,
  channel: Type.String({ description: 'canal' }),
  direction: Type.Enum([...MESSAGE_DIRECTIONS], { description: 'direcao' }),
  message: Type.String({ description: 'mensagem' }),
  at: Type.String({ format: 'date-time', description: 'dataHora' }),
});
const CaseResponse = Type.Object({
  id: Id,
  channel: Type.String({ description: 'canal' }),
  subject: Type.String(),
  customerName: Nullable(Type.String()),
  order: Nullable(Id),
  status: Type.Enum([...CASE_STATUSES]),
  createdAt: Timestamp,
  closedAt: Nullable(Timestamp),
});
const CaseWithMessagesResponse = Type.Object({ ...CaseResponse.properties, messages: Type.Array(MessageResponse, { description: 'Oldest first' }) });

const caseView = (supportCase: SupportCase) => ({
  id: supportCase.id,
  channel: supportCase.channel,
  subject: supportCase.subject,
  customerName: supportCase.customerName,
  order: supportCase.order,
  status: supportCase.status,
  createdAt: supportCase.createdAt.toISOString(),
  closedAt: supportCase.closedAt ? supportCase.closedAt.toISOString() : null,
});
const messageView = (message: SupportMessage) => ({
  id: message.id,
  channel: message.channel,
  direction: message.direction,
  message: message.message,
  at: message.at.toISOString(),
});

const tags = [SUPPORT.sources.tag];
const CLOSED = problemResponse('CONFLICT: the support case is closed');
const read = { scope: 'orders:read' } as const;
const write = { scope: 'orders:write' } as const;

/** Support cases and their messages over REST, for help desks: the services of GraphQL's support mutations; translation only. */
export const supportCaseRoutes: RestRoutes = (app, { config }) => {
  app.post(
    '/atendimentos',
    {
      config: { ...write, collection: { ids: { '/orderId': '/pedidos/{id}' } } },
      schema: {
        tags,
        operationId: 'openSupportCase',
        summary: 'Open a support case; emits atendimento.criado (and atendimento.mensagem for a first message)',
        body: OpenCaseSchema,
        response: { 201: CaseResponse },
      },
    },
    async (request, reply) => reply.status(201).send(caseView(await openSupportCase(request.em, callerOf(request).sellerId, request.body))),
  );

  app.get(
    '/atendimentos',
    {
      config: read,
      schema: {
        tags,
        operationId: 'listSupportCases',
        summary: 'Support cases, newest first, optionally of one status',
        querystring: supportCaseListArgs(config.pageSizeMax).schema,
        response: { 200: Type.Object({ data: Type.Array(CaseResponse), nextCursor: Nullable(Type.String()) }) },
      },
    },
    async (request) => {
      callerOf(request);
      const { filter, page } = listRequest(request.query, config.pageSizeDefault);
      return viewPage(await listSupportCases(request.em, filter, page), (rows) => rows.map(caseView));
    },
  );

  app.get(
    '/atendimentos/:id',
    { config: read, schema: { tags, operationId: 'getSupportCase', summary: 'One support case with its messages', params: IdParams, response: { 200: CaseWithMessagesResponse } } },
    async (request) => {
      callerOf(request);
      const { supportCase, messages } = await getSupportCase(request.em, request.params.id);
      return { ...caseView(supportCase), messages: messages.map(messageView) };
    },
  );

  app.post(
    '/atendimentos/:id/mensagens',
    {
      config: write,
      schema: {
        tags,
        operationId: 'addSupportMessage',
        summary: 'Add a message to an open case; emits atendimento.mensagem (a closed case is 409)',
        params: IdParams,
        body: CaseMessageSchema,
        response: { 201: MessageResponse, 409: CLOSED },
      },
    },
    async (request, reply) =>
      reply.status(201).send(messageView(await addSupportMessage(request.em, callerOf(request).sellerId, request.params.id, request.body))),
  );

  app.post(
    '/atendimentos/:id/encerramento',
    {
      config: write,
      schema: { tags, operationId: 'closeSupportCase', summary: 'Close a case; emits atendimento.encerrado (closing twice is 409)', params: IdParams, response: { 200: CaseResponse, 409: CLOSED } },
    },
    async (request) => caseView(await closeSupportCase(request.em, callerOf(request).sellerId, request.params.id)),
  );
};
