import type { RestInterface } from '../http/openapi/interfaces.js';
import { SIMULATOR_CHANNEL } from './sandbox.js';

export const SIMULATOR_TAG = {
  name: 'simulator',
  description: `The simulated marketplace \`${SIMULATOR_CHANNEL}\` of sandbox sellers (tokens ponte_sk_test_…); a live seller gets 403 on every path`,
};

export const SIMULATOR_INTERFACE: RestInterface = {
  slug: 'simulator',
  title: 'Sandbox simulator',
  description:
    'For sandbox sellers only (tokens ponte_sk_test_…): the simulated marketplace `simulador` places realistic orders against the published stock, pays and cancels them as a marketplace would, runs by itself on a schedule, makes any webhook event happen on demand (`ponte trigger`), and wipes the sandbox\'s orders to start again.',
  tags: [SIMULATOR_TAG],
};
