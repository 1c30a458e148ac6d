import type { ModuleApi } from '../kernel/ponte-module.js';
import { SIMULATOR_INTERFACE } from './simulator.interface.js';
import { SimulatorResolver } from './simulator.resolver.js';
import { simulatorRoutes } from './simulator.routes.js';

/** The simulated marketplace over GraphQL and REST. */
export const simulatorApi: ModuleApi = {
  resolvers: [SimulatorResolver],
  routes: [simulatorRoutes],
  interfaces: [SIMULATOR_INTERFACE],
};
