import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Principal } from '../auth/auth.service.js';
import { validationFailed } from '../errors.js';
import { CurrentCaller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { validInput } from '../graphql/plain-input.js';
import { compileInput } from '../http/validation.js';
import type { OrderView } from '../orders/orders.schemas.js';
import { triggerEvent, type TriggeredEvent } from './event-trigger.service.js';
import { wipeSandboxData, type WipedData } from './sandbox-data.service.js';
import { requireSandbox } from './sandbox.js';
import { getSchedule, putSchedule, type ScheduleView } from './simulator-schedule.service.js';
import { cancelSimulatedOrder, paySimulatedOrder, placeSimulatedOrders } from './simulator.service.js';
import { CancellationSchema, PlaceOrdersSchema, ScheduleSchema, TriggerSchema } from './simulator.schemas.js';
import {
  SetSimulatorScheduleInput,
  SetSimulatorSchedulePayload,
  SimulateCancellationInput,
  SimulateCancellationPayload,
  SimulateOrdersInput,
  SimulateOrdersPayload,
  SimulatePaymentInput,
  SimulatePaymentPayload,
  SimulatorScheduleType,
  TriggerEventInput,
  TriggerEventPayload,
  WipeSandboxDataInput,
  WipeSandboxDataPayload,
} from './simulator.types.js';

const placeOrdersValidator = compileInput(PlaceOrdersSchema);
const cancellationValidator = compileInput(CancellationSchema);
const scheduleValidator = compileInput(ScheduleSchema);
const triggerValidator = compileInput(TriggerSchema);

/**
 * The GraphQL twins of `/simulador` (docs/sandbox.md): one call into the simulator each. A
 * live seller gets FORBIDDEN before its input is looked at, as over REST.
 */
@Resolver()
export class SimulatorResolver {
  @Authorized('orders:read')
  @Query(() => SimulatorScheduleType, { description: 'The simulated marketplace\'s background schedule (GET /simulador/agenda); sandbox sellers only' })
  async simulatorSchedule(@CurrentCaller() caller: Principal, @Ctx() { em }: GraphQLContext): Promise<ScheduleView> {
    return getSchedule(em, caller);
  }

  @Authorized('orders:write')
  @Mutation(() => SimulateOrdersPayload, { description: 'The simulated marketplace sells (POST /simulador/pedidos); sandbox sellers only' })
  async simulateOrders(
    @Arg('input', () => SimulateOrdersInput, { description: 'How many orders, of which SKUs' }) input: SimulateOrdersInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<{ orders: OrderView[] }> {
    requireSandbox(caller);
    return { orders: await placeSimulatedOrders(em, caller, validInput(placeOrdersValidator, input)) };
  }

  @Authorized('orders:write')
  @Mutation(() => SimulatePaymentPayload, { description: 'The buyer pays a pendente simulador order (POST /simulador/pedidos/{id}/pagamento); sandbox sellers only' })
  async simulatePayment(
    @Arg('input', () => SimulatePaymentInput, { description: 'The order' }) { orderId }: SimulatePaymentInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<{ order: OrderView }> {
    return { order: await paySimulatedOrder(em, caller, orderId) };
  }

  @Authorized('orders:write')
  @Mutation(() => SimulateCancellationPayload, { description: 'The buyer cancels a simulador order (POST /simulador/pedidos/{id}/cancelamento); sandbox sellers only' })
  async simulateCancellation(
    @Arg('input', () => SimulateCancellationInput, { description: 'The order and the reason' }) { orderId, ...body }: SimulateCancellationInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<{ order: OrderView }> {
    requireSandbox(caller);
    return { order: await cancelSimulatedOrder(em, caller, orderId, validInput(cancellationValidator, body).reason) };
  }

  @Authorized('orders:write')
  @Mutation(() => SetSimulatorSchedulePayload, { description: 'Runs the simulated marketplace in the background, or stops it (PUT /simulador/agenda); sandbox sellers only' })
  async setSimulatorSchedule(
    @Arg('input', () => SetSimulatorScheduleInput, { description: 'Orders per minute and the pay and cancel rates' }) input: SetSimulatorScheduleInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<{ schedule: ScheduleView }> {
    requireSandbox(caller);
    return { schedule: await putSchedule(em, caller, validInput(scheduleValidator, input)) };
  }

  @Authorized('orders:write')
  @Mutation(() => WipeSandboxDataPayload, { description: 'Deletes the sandbox seller\'s orders, their events and deliveries (DELETE /simulador/dados); sandbox sellers only' })
  async wipeSandboxData(
    @Arg('input', () => WipeSandboxDataInput, { description: 'The confirmation' }) { confirm }: WipeSandboxDataInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<WipedData> {
    requireSandbox(caller);
    if (!confirm) throw validationFailed([{ path: '/confirm', message: 'must be true to delete the sandbox data' }]);
    return wipeSandboxData(em, caller);
  }

  @Authorized()
  @Mutation(() => TriggerEventPayload, { description: 'Makes an event happen through the real change behind it (POST /simulador/eventos, `ponte trigger`); sandbox sellers only' })
  async triggerEvent(
    @Arg('input', () => TriggerEventInput, { description: 'The event' }) input: TriggerEventInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<TriggeredEvent> {
    requireSandbox(caller);
    return triggerEvent(em, caller, validInput(triggerValidator, input).evento);
  }
}
