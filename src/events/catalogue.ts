/**
 * Event names of DESIGN section 6, by subscription group. The names are the source's
 * (Portuguese) and stay as given.
 */
export const EVENT_GROUPS = {
  orders: ['pedido.criado', 'pedido.status_alterado'],
  stock: ['estoque.alterado', 'produto.publicacao_alterada', 'produto.preco_alterado'],
  freight: ['frete.rastreio'],
  payments: ['pagamento.alterado'],
} as const;

export type EventGroup = keyof typeof EVENT_GROUPS;
export type EventName = (typeof EVENT_GROUPS)[EventGroup][number];

export const EVENT_NAMES: readonly EventName[] = Object.values(EVENT_GROUPS).flat();

export function isEventName(value: string): value is EventName {
  return (EVENT_NAMES as readonly string[]).includes(value);
}

/** The envelope every consumer sees, webhooks and GraphQL subscriptions alike. */
export interface EventEnvelope {
  id: string;
  evento: string;
  dataHora: string;
  data: Record<string, unknown>;
}
