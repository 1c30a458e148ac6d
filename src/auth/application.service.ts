import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../db/ids.js';
import { ALL_SELLERS } from '../db/orm.js';
import { notFound, validationFailed } from '../errors.js';
import { decodeCursor, pageOf, type Page, type PageRequest } from '../http/pagination.js';
import { recordEvent } from '../events/outbox.js';
import { Application, ApplicationCredential, Installation } from './application.entity.js';
import { applicationRemoved } from './auth.events.js';
import { Seller } from './seller.entity.js';
import { APP_CREDENTIAL_PREFIX, generateSecret, hashSecret, secretMatches } from './secrets.js';

export async function createApplication(
  em: EntityManager,
  name: string,
): Promise<{ credential: string; application: Application }> {
  const trimmed = name.trim();
  if (!trimmed) throw validationFailed([{ path: '/name', message: 'must not be empty' }]);
  return em.transactional(async (tx) => {
    const application = tx.create(Application, { name: trimmed });
    await tx.persist(application).flush();
    const { credential } = await issueCredential(tx, application.id);
    return { credential, application };
  });
}

/** The application of a credential that is not revoked, or undefined. */
export async function authenticateApplication(em: EntityManager, secret: string): Promise<{ applicationId: string; credentialId: string } | undefined> {
  if (!secret.startsWith(APP_CREDENTIAL_PREFIX)) return undefined;
  const row = await em.findOne(ApplicationCredential, { secretHash: hashSecret(secret), revokedAt: null });
  return row && secretMatches(secret, row.secretHash) ? { applicationId: row.application, credentialId: row.id } : undefined;
}

/** A new credential for the application (shown once); the ones it had keep working until revoked. */
export async function issueCredential(
  em: EntityManager,
  applicationId: string,
): Promise<{ credential: string; record: ApplicationCredential }> {
  await findApplication(em, applicationId);
  const credential = generateSecret(APP_CREDENTIAL_PREFIX);
  const record = em.create(ApplicationCredential, {
    application: applicationId,
    secretHash: hashSecret(credential),
    prefix: credential.slice(0, APP_CREDENTIAL_PREFIX.length + 6),
  });
  await em.persist(record).flush();
  return { credential, record };
}

/** The application's credentials, revoked ones included, oldest first, a page at a time. */
export async function listCredentials(em: EntityManager, applicationId: string, page: PageRequest): Promise<Page<ApplicationCredential>> {
  await findApplication(em, applicationId);
  const after = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(
    ApplicationCredential,
    { application: applicationId, ...(after ? { id: { $gt: after } } : {}) },
    { orderBy: { id: 'asc' }, limit: page.limit + 1 },
  );
  return pageOf(rows, page.limit, (row) => [row.id]);
}

/**
 * Revokes one credential at once (requests with it answer 401 from now on). Revoking a
 * revoked one changes nothing; another application's credential is absent (404).
 */
export async function revokeCredential(em: EntityManager, input: { applicationId?: string; credentialId: string }): Promise<ApplicationCredential> {
  const credential = isUuid(input.credentialId)
    ? await em.findOne(ApplicationCredential, { id: input.credentialId, ...(input.applicationId ? { application: input.applicationId } : {}) })
    : null;
  if (!credential) throw notFound('Application credential');
  credential.revokedAt ??= new Date();
  await em.flush();
  return credential;
}

/** Every application with its credentials (for the operator's `app list`). */
export async function listApplications(em: EntityManager): Promise<{ application: Application; credentials: ApplicationCredential[] }[]> {
  const applications = await em.find(Application, {}, { orderBy: { id: 'asc' } });
  const credentials = await em.find(ApplicationCredential, { application: { $in: applications.map((application) => application.id) } }, { orderBy: { id: 'asc' } });
  const byApplication = new Map<string, ApplicationCredential[]>();
  for (const credential of credentials) byApplication.set(credential.application, [...(byApplication.get(credential.application) ?? []), credential]);
  return applications.map((application) => ({ application, credentials: byApplication.get(application.id) ?? [] }));
}

async function findApplication(em: EntityManager, applicationId: string): Promise<Application> {
  const application = isUuid(applicationId) ? await em.findOne(Application, { id: applicationId }) : null;
  if (!application) throw notFound('Application');
  return application;
}

/** Installing an installed app is a no-op; after an uninstall it opens a new period. */
export async function installApplication(
  em: EntityManager,
  input: { applicationId: string; sellerId: string },
): Promise<{ installation: Installation; application: Application }> {
  const application = await findApplication(em, input.applicationId);
  if (!(await em.findOne(Seller, { id: input.sellerId }))) throw notFound('Seller');
  const open = () => em.findOne(Installation, { application: application.id, seller: input.sellerId, uninstalledAt: null }, ALL_SELLERS);
  const existing = await open();
  if (existing) return { installation: existing, application };
  try {
    await em.insert(Installation, Object.assign(new Installation(), { application: application.id, seller: input.sellerId }));
  } catch (error) {
    // A concurrent install opened the period first (the partial unique index decides).
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  return { installation: (await open())!, application };
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
    await recordEvent(tx, input.sellerId, applicationRemoved(application, input.sellerId, installation.uninstalledAt));
    return installation;
  });
}

/** The store's applications by name, each with whether the seller has it installed: what a seller picks an app to install from. */
export async function listAvailableApplications(em: EntityManager, sellerId: string): Promise<{ application: Application; installed: boolean }[]> {
  const [applications, installed] = await Promise.all([
    em.find(Application, {}, { orderBy: { name: 'asc', id: 'asc' } }),
    em.find(Installation, { seller: sellerId, uninstalledAt: null }),
  ]);
  const installedIds = new Set(installed.map((installation) => installation.application));
  return applications.map((application) => ({ application, installed: installedIds.has(application.id) }));
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
