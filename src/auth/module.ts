import type { PonteModule } from '../kernel/module.js';
import { ApiToken } from './api-token.entity.js';
import { Application, ApplicationCredential, Installation } from './application.entity.js';
import { ApplicationResolver } from './applications.resolver.js';
import { AUTH_EVENTS } from './events.js';
import { apiTokenNode, AuthResolver } from './resolver.js';
import { authRoutes } from './routes.js';
import { Seller } from './seller.entity.js';

/** Sellers, tokens, applications and their installations. */
export const authModule: PonteModule = {
  name: 'auth',
  entities: [Seller, ApiToken, Application, ApplicationCredential, Installation],
  resolvers: [AuthResolver, ApplicationResolver],
  nodes: { ApiToken: apiTokenNode },
  routes: [authRoutes],
  events: AUTH_EVENTS,
};
