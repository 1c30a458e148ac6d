import { describe, expect, it } from 'vitest';
import { interfaceEventNames } from '../../src/events/event-registry.js';
// Registers the modules' events: the groups are made of them.
import '../../src/modules.js';
import { eventsOfGroups, groupsOf, switchGroups } from '../../src/portal/groups.js';

describe('portal event groups', () => {
  it('shows a group on only when every one of its events is taken', () => {
    expect(groupsOf(['*'])).toEqual({ orders: true, stock: true, freight: true, payments: true });
    expect(groupsOf(['pedido.criado', 'pedido.status_alterado', 'frete.rastreio', 'estoque.alterado'])).toEqual({
      orders: true,
      stock: false,
      freight: true,
      payments: false,
    });
  });

  it('turns switches into event names in registry order', () => {
    expect(eventsOfGroups({ freight: true, orders: true, stock: false })).toEqual(['pedido.criado', 'pedido.status_alterado', 'frete.rastreio']);
    expect(eventsOfGroups({})).toEqual([]);
  });

  it('switches groups on and off, leaving the others as they were', () => {
    expect(switchGroups(['*'], { stock: false })).toEqual(interfaceEventNames().filter((name) => !name.startsWith('estoque') && !name.startsWith('produto')));
    expect(switchGroups(['estoque.alterado', 'pedido.criado'], { orders: false, payments: true })).toEqual(['estoque.alterado', 'pagamento.alterado']);
    expect(switchGroups(['pedido.criado'], {})).toEqual(['pedido.criado']);
  });
});
