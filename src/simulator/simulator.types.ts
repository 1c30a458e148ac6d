/** GraphQL types and inputs of the simulated marketplace: the REST bodies and answers, field for field. */
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { EventTypeEnum } from '../events/graphql-enum.js';
import { DateTime } from '../graphql/scalars.js';
import { MaxItems } from '../graphql/list-size.js';
import { OrderType } from '../orders/orders.types.js';
import { MAX_ORDERS_PER_REQUEST } from './simulator.schemas.js';

@InputType({ description: 'Input of simulateOrders: the body of POST /simulador/pedidos' })
export class SimulateOrdersInput {
  @Field(() => Int, { nullable: true, description: 'How many orders (1 to 50); default 1' }) count?: number;
  @Field(() => [String], { nullable: true, description: 'Sell only these SKUs; default: any on sale on simulador' }) skus?: string[];
  @Field(() => Boolean, { nullable: true, description: 'true: every order waits for its payment (a boleto), pendente until simulatePayment; default: the marketplace\'s mix, most paid at once' }) pending?: boolean;
}

@ObjectType({ description: 'The result of simulateOrders' })
export class SimulateOrdersPayload {
  @MaxItems(MAX_ORDERS_PER_REQUEST)
  @Field(() => [OrderType], { description: 'The orders placed, fewer than count when the stock ran out' }) orders!: OrderType[];
}

@InputType({ description: 'Input of simulatePayment' })
export class SimulatePaymentInput {
  @Field(() => ID, { description: 'A pendente simulador order' }) orderId!: string;
}

@ObjectType({ description: 'The result of simulatePayment' })
export class SimulatePaymentPayload {
  @Field(() => OrderType, { description: 'The order, now aprovado' }) order!: OrderType;
}

@InputType({ description: 'Input of simulateCancellation: the order, and the body of POST /simulador/pedidos/{id}/cancelamento' })
export class SimulateCancellationInput {
  @Field(() => ID, { description: 'A simulador order' }) orderId!: string;
  @Field({ nullable: true, description: 'Default: "Cancelled by the buyer on simulador"' }) reason?: string;
}

@ObjectType({ description: 'The result of simulateCancellation' })
export class SimulateCancellationPayload {
  @Field(() => OrderType, { description: 'The order, now cancelado, its approved payments refunded' }) order!: OrderType;
}

@ObjectType('SimulatorSchedule', { description: 'The simulated marketplace running in the background' })
export class SimulatorScheduleType {
  @Field(() => Int, { description: 'Orders placed per minute; 0 when stopped' }) ordersPerMinute!: number;
  @Field(() => Float, { description: 'After each order, the chance that the oldest pendente simulador order is paid' }) payRate!: number;
  @Field(() => Float, { description: 'After each order, the chance that the oldest pendente simulador order is cancelled' }) cancelRate!: number;
  @Field({ description: 'Whether orders are being placed' }) running!: boolean;
  @Field(() => DateTime, { nullable: true, description: 'When the next order is due; null when stopped' }) nextRunAt!: string | null;
}

@InputType({ description: 'Input of setSimulatorSchedule: the body of PUT /simulador/agenda' })
export class SetSimulatorScheduleInput {
  @Field(() => Int, { description: 'Orders per minute (0 to 600); 0 stops' }) ordersPerMinute!: number;
  @Field(() => Float, { description: 'A fraction from 0 to 1' }) payRate!: number;
  @Field(() => Float, { description: 'A fraction from 0 to 1' }) cancelRate!: number;
}

@ObjectType({ description: 'The result of setSimulatorSchedule' })
export class SetSimulatorSchedulePayload {
  @Field(() => SimulatorScheduleType, { description: 'The schedule now' }) schedule!: SimulatorScheduleType;
}

@InputType({ description: 'Input of wipeSandboxData (DELETE /simulador/dados)' })
export class WipeSandboxDataInput {
  @Field({ description: 'Must be true: the sandbox seller\'s orders, their events and deliveries are deleted' }) confirm!: boolean;
}

@ObjectType({ description: 'The result of wipeSandboxData' })
export class WipeSandboxDataPayload {
  @Field(() => Int, { description: 'Orders deleted, on every channel' }) orders!: number;
  @Field(() => Int, { description: 'Their events deleted' }) events!: number;
  @Field(() => Int, { description: 'Webhook deliveries of those events deleted' }) deliveries!: number;
}

@InputType({ description: 'Input of triggerEvent: the body of POST /simulador/eventos' })
export class TriggerEventInput {
  @Field(() => EventTypeEnum, { description: 'The event to make happen (not every event can be: see the REST operation triggerEvent)' }) evento!: string;
}

@ObjectType({ description: 'The result of triggerEvent' })
export class TriggerEventPayload {
  @Field({ description: 'The event name (`pedido.criado`)' }) evento!: string;
  @Field({ description: 'What was changed to make it happen, and what had to happen first' }) summary!: string;
}
