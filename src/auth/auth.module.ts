import type { PonteModule } from '../kernel/ponte-module.js';
import { ApiToken } from './api-token.entity.js';
import { Application, ApplicationCredential, Installation } from './application.entity.js';
import { ApplicationResolver } from './application.resolver.js';
import { AUTH_EVENTS } from './auth.events.js';
import { apiTokenNode, AuthResolver } from './auth.resolver.js';
import { authRoutes } from './auth.routes.js';
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
