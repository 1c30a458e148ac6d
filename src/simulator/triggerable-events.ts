/**
 * The events `ponte trigger` (POST /simulador/eventos) can make happen: every event of the
 * webhooks interface, and the per-product ones a seller's own change causes. Apart from
 * the changes behind them (event-trigger.service.ts) so the CLI's help can list them
 * without loading the services. `aplicativo.removido` and `ciclo.criado` are not here:
 * one uninstalls an application, the other closes a settlement period for good.
 */
export const TRIGGERABLE_EVENTS = [
  'pedido.criado',
  'pedido.status_alterado',
  'pagamento.alterado',
  'frete.rastreio',
  'estoque.alterado',
  'produto.publicacao_alterada',
  'produto.preco_alterado',
  'rastreio.atualizado',
  'chatTransportadora',
  'atendimento.criado',
  'atendimento.mensagem',
  'atendimento.encerrado',
] as const;

export type TriggerableEvent = (typeof TRIGGERABLE_EVENTS)[number];

export function isTriggerable(name: string): name is TriggerableEvent {
  return (TRIGGERABLE_EVENTS as readonly string[]).includes(name);
}
