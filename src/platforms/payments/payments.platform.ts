import { APPLICATION_REMOVED } from '../../auth/auth.events.js';
import { ANY_2XX, definePlatformProduct } from '../platform-product.js';
import { PAYMENTS_EVENTS } from './payments.events.js';

/** Payments: closed settlement cycles, for payment gateways' applications. */
export const PAYMENTS = definePlatformProduct({
  key: 'payments',
  title: 'Payments',
  summary: 'Payments: settlement cycles',
  mountPath: '/pagamentos',
  publicUrl: { variable: 'PAYMENTS_URL', of: (config) => config.paymentsUrl },
  events: [...PAYMENTS_EVENTS, APPLICATION_REMOVED],
  delivery: { attempts: 5, ...ANY_2XX, contentType: 'application/json; charset=UTF-8', requireHttps: false },
  sources: {
    tag: 'settlement cycles',
    description: 'Settlement cycles closed by payment gateways and ERPs with a seller token: the source of ciclo.criado',
    eventSource: 'closeSettlementCycle',
  },
});
