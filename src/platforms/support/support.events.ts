import { Type } from 'typebox';
import { defineEvent } from '../../events/event-registry.js';
import type { EventInput } from '../../events/outbox.js';
import { MESSAGE_DIRECTIONS, type SupportCase, type SupportMessage } from './support-case.entity.js';

// The customer-service events: their data schemas, their declaration and one builder each.
// The payloads extend the source's `atendimento.mensagem` shape in its own (Portuguese)
// words; `atendimento.mensagem` carries exactly the source's five fields.

const CaseId = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });

const CaseOpenedPayload = Type.Object({
  idAtendimento: CaseId,
  canal: Type.String(),
  assunto: Type.String(),
  nomeCliente: Type.Union([Type.String(), Type.Null()]),
  idPedido: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  dataHora: Timestamp,
});

const CaseMessagePayload = Type.Object({
  idAtendimento: CaseId,
  canal: Type.String(),
  direcao: Type.Enum([...MESSAGE_DIRECTIONS]),
  mensagem: Type.String(),
  dataHora: Timestamp,
});

const CaseClosedPayload = Type.Object({ idAtendimento: CaseId, canal: Type.String(), dataHora: Timestamp });

declare module '../../events/event-registry.js' {
  interface EventSchemas {
    'atendimento.criado': typeof CaseOpenedPayload;
    'atendimento.mensagem': typeof CaseMessagePayload;
    'atendimento.encerrado': typeof CaseClosedPayload;
  }
}

/** Cases concern customers' orders: reading them takes `orders:read`. */
export const SUPPORT_EVENTS = [
  defineEvent('atendimento.criado', { payload: CaseOpenedPayload, readScope: 'orders:read' }),
  defineEvent('atendimento.mensagem', { payload: CaseMessagePayload, readScope: 'orders:read' }),
  defineEvent('atendimento.encerrado', { payload: CaseClosedPayload, readScope: 'orders:read' }),
];

export function caseOpened(supportCase: SupportCase): EventInput<'atendimento.criado'> {
  return {
    type: 'atendimento.criado',
    aggregateType: 'support_case',
    aggregateId: supportCase.id,
    data: {
      idAtendimento: supportCase.id,
      canal: supportCase.channel,
      assunto: supportCase.subject,
      nomeCliente: supportCase.customerName,
      idPedido: supportCase.order,
      dataHora: supportCase.createdAt.toISOString(),
    },
  };
}

export function caseMessage(message: SupportMessage): EventInput<'atendimento.mensagem'> {
  return {
    type: 'atendimento.mensagem',
    aggregateType: 'support_case',
    aggregateId: message.supportCase,
    data: {
      idAtendimento: message.supportCase,
      canal: message.channel,
      direcao: message.direction,
      mensagem: message.message,
      dataHora: message.at.toISOString(),
    },
  };
}

/** `atendimento.encerrado`, once: a closed case takes no more messages. */
export function caseClosed(supportCase: SupportCase, closedAt: Date): EventInput<'atendimento.encerrado'> {
  return {
    type: 'atendimento.encerrado',
    aggregateType: 'support_case',
    aggregateId: supportCase.id,
    data: { idAtendimento: supportCase.id, canal: supportCase.channel, dataHora: closedAt.toISOString() },
  };
}
