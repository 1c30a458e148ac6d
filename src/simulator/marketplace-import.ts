import type { EntityManager } from '@mikro-orm/postgresql';
import { createOrder } from '../orders/order.service.js';
import type { CreateOrderInput, OrderView } from '../orders/orders.schemas.js';

/**
 * How an order the simulated marketplace sold enters Ponte: the one place the simulator
 * hands an order over, so it arrives as a channel's order does.
 */
export async function importMarketplaceOrder(em: EntityManager, sellerId: string, order: CreateOrderInput): Promise<OrderView> {
  return (await createOrder(em, sellerId, order)).order;
}
