import type { ModuleApi } from '../kernel/ponte-module.js';
import { ApplicationResolver } from './application.resolver.js';
import { apiTokenNode, AuthResolver } from './auth.resolver.js';
import { authRoutes } from './auth.routes.js';

/** Sellers, tokens and applications over GraphQL and REST. */
export const authApi: ModuleApi = {
  resolvers: [AuthResolver, ApplicationResolver],
  nodes: { ApiToken: apiTokenNode },
  routes: [authRoutes],
};
