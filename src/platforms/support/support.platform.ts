import { APPLICATION_REMOVED } from '../../auth/auth.events.js';
import { definePlatformProduct, ONLY_200 } from '../platform-product.js';
import { SUPPORT_EVENTS } from './support.events.js';

/** Customer service: support cases and their messages, for help desks' applications; https only. */
export const SUPPORT = definePlatformProduct({
  key: 'support',
  title: 'Customer service',
  summary: 'Customer service: support cases',
  mountPath: '/atendimento',
  publicUrl: { variable: 'SUPPORT_URL', of: (config) => config.supportUrl },
  events: [...SUPPORT_EVENTS, APPLICATION_REMOVED],
  // Only a 200, once plus up to 5 retries; `application/json` without a charset.
  delivery: { attempts: 1 + 5, ...ONLY_200, contentType: 'application/json', requireHttps: true },
  sources: {
    tag: 'support cases',
    description: 'Support cases and their messages, recorded by help desks with a seller token: the sources of atendimento.*',
    eventSource: 'openSupportCase',
  },
});
