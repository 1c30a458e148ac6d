import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { ALL_SELLERS } from '../db/orm.js';
import { notFound, validationFailed } from '../errors.js';
import { recordEvent } from '../events/outbox.js';
import { Application, Installation } from './application.entity.js';
import { Seller } from './seller.entity.js';
import { APP_CREDENTIAL_PREFIX, generateSecret, hashSecret, secretMatches } from './secrets.js';

/** Fired to the app's payments and customer-service registrations (DESIGN §8). */
export const APPLICATION_REMOVED = 'aplicativo.removido';

export async function createApplication(
  em: EntityManager,
  name: string,
): Promise<{ credential: string; application: Application }> {
  const trimmed = name.trim();
  if (!trimmed) throw validationFailed([{ path: '/name', message: 'must not be empty' }]);
  const credential = generateSecret(APP_CREDENTIAL_PREFIX);
  const application = em.create(Application, { name: trimmed, credentialHash: hashSecret(credential) });
  await em.persist(application).flush();
  return { credential, application };
}

export async function authenticateApplication(em: EntityManager, secret: string): Promise<Application | undefined> {
  if (!secret.startsWith(APP_CREDENTIAL_PREFIX)) return undefined;
  const application = await em.findOne(Application, { credentialHash: hashSecret(secret) });
  return application && secretMatches(secret, application.credentialHash) ? application : undefined;
}

async function findApplication(em: EntityManager, applicationId: string): Promise<Application> {
  const application = await em.findOne(Application, { id: applicationId });
  if (!application) throw notFound('Application');
  return application;
}

/** Installing an installed app is a no-op; after an uninstall it opens a new period. */
export async function installApplication(
  em: EntityManager,
  input: { applicationId: string; sellerId: string },
): Promise<Installation> {
  const application = await findApplication(em, input.applicationId);
  if (!(await em.findOne(Seller, { id: input.sellerId }))) throw notFound('Seller');
  const open = () => em.findOne(Installation, { application: application.id, seller: input.sellerId, uninstalledAt: null }, ALL_SELLERS);
  const existing = await open();
  if (existing) return existing;
  try {
    await em.insert(Installation, Object.assign(new Installation(), { application: application.id, seller: input.sellerId }));
  } catch (error) {
    // A concurrent install opened the period first (the partial unique index decides).
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  return (await open())!;
}

/**
 * Uninstalling records `aplicativo.removido` in the same transaction; uninstalling an app
 * that is not installed is 404, so the event fires once per installation.
 */
export async function uninstallApplication(
  em: EntityManager,
  input: { applicationId: string; sellerId: string },
): Promise<Installation> {
  return em.transactional(async (tx) => {
    const application = await findApplication(tx, input.applicationId);
    const installation = await tx.findOne(
      Installation,
      { application: application.id, seller: input.sellerId, uninstalledAt: null },
      { ...ALL_SELLERS, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!installation) throw notFound('Installation');
    installation.uninstalledAt = new Date();
    await tx.flush();
    await recordEvent(tx, input.sellerId, {
      type: APPLICATION_REMOVED,
      aggregateType: 'application',
      aggregateId: application.id,
      data: {
        applicationId: application.id,
        applicationName: application.name,
        sellerId: input.sellerId,
        uninstalledAt: installation.uninstalledAt.toISOString(),
      },
    });
    return installation;
  });
}

/** The seller's active installations with their applications, in installation order. */
export async function listInstallations(
  em: EntityManager,
  sellerId: string,
): Promise<{ installation: Installation; application: Application }[]> {
  const installations = await em.find(
    Installation,
    { seller: sellerId, uninstalledAt: null },
    { orderBy: { installedAt: 'asc', id: 'asc' } },
  );
  const applications = await em.find(Application, { id: installations.map((installation) => installation.application) });
  const byId = new Map(applications.map((application) => [application.id, application]));
  return installations.map((installation) => ({ installation, application: byId.get(installation.application)! }));
}
