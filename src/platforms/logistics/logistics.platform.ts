import { ANY_2XX, definePlatformProduct } from '../platform-product.js';
import { CARRIER_CHAT, TRACKING_UPDATED } from './logistics.events.js';

/** Logistics: carriers' tracking and the order's carrier chat, for logistics applications. */
export const LOGISTICS = definePlatformProduct({
  key: 'logistics',
  title: 'Logistics',
  summary: 'Logistics: shipments, tracking, carrier chat',
  mountPath: '/logistica',
  publicUrl: { variable: 'LOGISTICS_URL', of: (config) => config.logisticsUrl },
  events: [TRACKING_UPDATED, CARRIER_CHAT],
  delivery: { attempts: 5, ...ANY_2XX, contentType: 'application/json; charset=UTF-8', requireHttps: false },
  sources: {
    tag: 'shipments',
    description: 'Shipments, their tracking events and the order\'s carrier chat, recorded by carriers and ERPs with a seller token: the sources of frete.rastreio, rastreio.atualizado and chatTransportadora',
    eventSource: 'recordTrackingEvent',
  },
});
