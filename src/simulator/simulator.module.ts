import type { PonteModule } from '../kernel/ponte-module.js';
import { SimulatorSchedule } from './simulator-schedule.entity.js';
import { createSimulatorWorker } from './simulator-worker.js';

/** Sandbox sellers' simulated marketplace `simulador`, its background schedule and `ponte trigger`'s changes. */
export const simulatorModule: PonteModule = {
  name: 'simulator',
  entities: [SimulatorSchedule],
  api: async () => (await import('./simulator.api.js')).simulatorApi,
  workers: [{ roles: ['all', 'dispatcher'], create: createSimulatorWorker }],
};
