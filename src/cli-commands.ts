/**
 * What each `ponte` command runs (src/cli.ts lists and describes them). Loaded only to run
 * one: the services, MikroORM and the module list are most of the CLI's start, and
 * `--help` needs none of them.
 */
import 'reflect-metadata';
import {
  createApplication,
  installApplication,
  issueCredential,
  listApplications,
  revokeCredential,
  uninstallApplication,
} from './auth/application.service.js';
import { credentialView, tokenView } from './auth/auth.schemas.js';
import { createSeller, createToken, getSeller, listTokens, OPERATOR, revokeToken } from './auth/auth.service.js';
import { forkForSeller } from './db/orm.js';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { ENTITIES } from './modules.js';
import { createSandboxSeller } from './simulator/sandbox.js';

type Flags = Record<string, string | boolean | undefined>;
type Command = (database: Database, flags: Flags) => Promise<unknown>;

/** A command called without what it needs: the CLI prints the message and the usage. */
export class UsageError extends Error {}

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || !value) throw new UsageError(`--${name} is required`);
  return value;
}

function optional(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

const COMMANDS = {
  'seller create': async ({ orm }, flags) => {
    const name = required(flags, 'name');
    const seller = flags.sandbox === true ? await createSandboxSeller(orm.em.fork(), name) : await createSeller(orm.em.fork(), name);
    return { id: seller.id, name: seller.name, sandbox: seller.sandbox };
  },
  'token create': async ({ orm }, flags) => {
    const { token, record } = await createToken(orm.em.fork(), {
      sellerId: required(flags, 'seller'),
      name: optional(flags, 'name'),
      // `--scopes ""` is an empty list (refused), not a missing one (every scope).
      scopes: optional(flags, 'scopes')?.split(',').map((scope) => scope.trim()).filter(Boolean),
      issuer: OPERATOR,
    });
    return { token, id: record.id, scopes: record.scopes };
  },
  'token list': async ({ orm }, flags) => {
    const sellerId = (await getSeller(orm.em.fork(), required(flags, 'seller'))).id;
    const tokens = [];
    let cursor: string | undefined;
    do {
      const page = await listTokens(forkForSeller(orm, sellerId), sellerId, { limit: 200, cursor });
      tokens.push(...page.data.map(tokenView));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return tokens;
  },
  'token revoke': async ({ orm }, flags) => tokenView(await revokeToken(orm.em.fork(), OPERATOR, required(flags, 'id'))),
  'app list': async ({ orm }) =>
    (await listApplications(orm.em.fork())).map(({ application, credentials }) => ({
      id: application.id,
      name: application.name,
      createdAt: application.createdAt.toISOString(),
      credentials: credentials.map(credentialView),
    })),
  'app credential create': async ({ orm }, flags) => {
    const { credential, record } = await issueCredential(orm.em.fork(), required(flags, 'app'));
    return { ...credentialView(record), app: record.application, credential };
  },
  'app credential revoke': async ({ orm }, flags) => credentialView(await revokeCredential(orm.em.fork(), { credentialId: required(flags, 'id') })),
  'app create': async ({ orm }, flags) => {
    const { credential, application } = await createApplication(orm.em.fork(), required(flags, 'name'));
    return { id: application.id, name: application.name, credential };
  },
  'app install': async ({ orm }, flags) => {
    const { installation } = await installApplication(orm.em.fork(), {
      applicationId: required(flags, 'app'),
      sellerId: required(flags, 'seller'),
    });
    return { id: installation.id, app: installation.application, seller: installation.seller };
  },
  'app uninstall': async ({ orm }, flags) => {
    const installation = await uninstallApplication(orm.em.fork(), {
      applicationId: required(flags, 'app'),
      sellerId: required(flags, 'seller'),
    });
    return { id: installation.id, app: installation.application, seller: installation.seller, uninstalledAt: installation.uninstalledAt };
  },
  migrate: async ({ orm }) => ({ applied: (await orm.migrator.up()).map((migration) => migration.name) }),
} satisfies Record<string, Command>;

export type CommandName = keyof typeof COMMANDS;

/** Opens the database (migrated first, unless the command is the migration), runs the command, closes. */
export async function runCommand(name: CommandName, flags: Flags): Promise<unknown> {
  const database = await openDatabase(loadConfig(), { migrate: name !== 'migrate', entities: ENTITIES });
  try {
    return await COMMANDS[name](database, flags);
  } finally {
    await database.close();
  }
}
