import type { EntityManager } from '@mikro-orm/postgresql';
import type { Seller } from '../auth/seller.entity.js';
import { createSeller } from '../auth/auth.service.js';
import { putChannel } from '../catalog/channel.service.js';
import { AppError } from '../errors.js';

/** The simulated marketplace's channel code: every sandbox seller has it from the start. */
export const SIMULATOR_CHANNEL = 'simulador';
const SIMULATOR_CHANNEL_NAME = 'Simulador (marketplace de testes)';

/** Who calls the simulator: a seller, and whether it is a sandbox one (a Principal is one). */
export interface SandboxCaller {
  sellerId: string;
  sandbox: boolean;
}

/**
 * The simulator, and anything that fakes a marketplace's or a buyer's actions, is for
 * sandbox sellers only: a live seller's orders come from real channels.
 */
export function requireSandbox(caller: SandboxCaller): void {
  if (!caller.sandbox) {
    throw new AppError(
      'FORBIDDEN',
      'The simulated marketplace is for sandbox sellers only (tokens ponte_sk_test_…); this token belongs to a live seller, and nothing was changed',
      { sandbox: false },
    );
  }
}

/** A sandbox seller with its `simulador` channel, in the caller's transaction or one of its own. */
export async function createSandboxSeller(em: EntityManager, name: string): Promise<Seller> {
  return em.transactional(async (tx) => {
    const seller = await createSeller(tx, name, { sandbox: true });
    await putChannel(tx, seller.id, SIMULATOR_CHANNEL, { name: SIMULATOR_CHANNEL_NAME });
    return seller;
  });
}
