import type { PonteModule } from '../kernel/ponte-module.js';
import { ApiToken } from './api-token.entity.js';
import { Application, ApplicationCredential, Installation } from './application.entity.js';
import { AUTH_EVENTS } from './auth.events.js';
import { Seller } from './seller.entity.js';

/** Sellers, tokens, applications and their installations. */
export const authModule: PonteModule = {
  name: 'auth',
  entities: [Seller, ApiToken, Application, ApplicationCredential, Installation],
  api: async () => (await import('./auth.api.js')).authApi,
  events: AUTH_EVENTS,
};
