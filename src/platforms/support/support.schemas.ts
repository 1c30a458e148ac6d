import { Type, type Static } from 'typebox';
import { pageQuerySchema } from '../../http/pagination.js';
import { listQuery } from '../../http/validation.js';
import { CASE_STATUSES, MESSAGE_DIRECTIONS } from './support-case.entity.js';

const Text = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const Channel = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,49}$', description: 'Channel name (canal), e.g. chat, email, whatsapp' });
const strict = { additionalProperties: false } as const;

export const OpenCaseSchema = Type.Object(
  {
    channel: Channel,
    subject: Text(200),
    customerName: Type.Optional(Text(200)),
    orderId: Type.Optional(Type.String({ format: 'uuid' })),
    message: Type.Optional(Text(10_000, 'The customer\'s first message (entrada), recorded as the case\'s first interaction')),
  },
  strict,
);
export type OpenCaseInput = Static<typeof OpenCaseSchema>;

export const CaseMessageSchema = Type.Object(
  {
    direction: Type.Enum([...MESSAGE_DIRECTIONS]),
    message: Text(10_000),
    channel: Type.Optional(Channel),
  },
  strict,
);
export type CaseMessageInput = Static<typeof CaseMessageSchema>;

/** The support case list: optionally of one status, newest first. */
export const supportCaseListArgs = listQuery((maxLimit) =>
  Type.Object({ status: Type.Optional(Type.Enum([...CASE_STATUSES])), ...pageQuerySchema(maxLimit) }, strict),
);
export type SupportCaseFilter = Omit<Static<ReturnType<typeof supportCaseListArgs>['schema']>, 'limit' | 'cursor'>;
