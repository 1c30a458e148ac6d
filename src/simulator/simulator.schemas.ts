/**
 * The simulated marketplace's requests and answers (docs/sandbox.md) as TypeBox schemas:
 * they validate REST requests and GraphQL inputs and feed the OpenAPI document.
 */
import { Type } from 'typebox';
import { Sku } from '../catalog/catalog.schemas.js';
import { OrderSchema } from '../orders/orders.schemas.js';
import { TRIGGERABLE_EVENTS } from './triggerable-events.js';

const strict = { additionalProperties: false } as const;

/** At most this many orders per request: a test's burst, not a load test. */
export const MAX_ORDERS_PER_REQUEST = 50;
/** 600 a minute is ten a second: more than any test needs, little enough for a laptop. */
export const MAX_ORDERS_PER_MINUTE = 600;

export const PlaceOrdersSchema = Type.Object(
  {
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ORDERS_PER_REQUEST, description: 'How many orders; default 1' })),
    skus: Type.Optional(
      Type.Array(Sku, {
        minItems: 1,
        maxItems: 50,
        uniqueItems: true,
        description: 'Sell only these SKUs (each must be on sale on simulador); default: any SKU on sale there',
      }),
    ),
    pending: Type.Optional(
      Type.Boolean({ description: 'true: every order waits for its payment (a boleto), pendente until POST /simulador/pedidos/{id}/pagamento; default: the marketplace\'s mix, most paid at once' }),
    ),
  },
  { ...strict, title: 'SimulatedOrdersInput', examples: [{ count: 3, skus: ['CANECA-PONTE'], pending: true }] },
);

export const PlacedOrdersResponse = Type.Object(
  { orders: Type.Array(OrderSchema, { description: 'The orders placed, fewer than count when the stock ran out' }) },
  { title: 'SimulatedOrders' },
);

export const CancellationSchema = Type.Object(
  { reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Default: "Cancelled by the buyer on simulador"' })) },
  { ...strict, title: 'SimulatedCancellationInput', examples: [{ reason: 'Comprei em duplicidade' }] },
);

const Rate = (what: string) => Type.Number({ minimum: 0, maximum: 1, description: `A fraction from 0 to 1: ${what}` });

export const ScheduleSchema = Type.Object(
  {
    ordersPerMinute: Type.Integer({ minimum: 0, maximum: MAX_ORDERS_PER_MINUTE, description: 'Orders placed per minute; 0 stops the schedule' }),
    payRate: Rate('after each order, the chance that the marketplace confirms the payment of the oldest order still pendente'),
    cancelRate: Rate('after each order, the chance that a buyer cancels the oldest order still pendente'),
  },
  { ...strict, title: 'SimulatorScheduleInput', examples: [{ ordersPerMinute: 6, payRate: 0.7, cancelRate: 0.1 }] },
);

export const ScheduleResponse = Type.Object(
  {
    ordersPerMinute: Type.Integer(),
    payRate: Type.Number(),
    cancelRate: Type.Number(),
    running: Type.Boolean({ description: 'Whether orders are being placed (ordersPerMinute above 0)' }),
    nextRunAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the next order is due; null when stopped' }),
  },
  { title: 'SimulatorSchedule' },
);

export const TriggerSchema = Type.Object(
  { evento: Type.Enum([...TRIGGERABLE_EVENTS], { description: 'The event to make happen' }) },
  { ...strict, title: 'TriggerEventInput', examples: [{ evento: 'pedido.criado' }] },
);

export const TriggeredResponse = Type.Object(
  {
    evento: Type.String(),
    summary: Type.String({ description: 'What was changed to make it happen, and what had to happen first' }),
  },
  { title: 'TriggeredEvent' },
);

export const OrderIdParams = Type.Object({ id: Type.String({ description: 'The Ponte order id (UUID) of a simulador order' }) });
