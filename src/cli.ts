/**
 * `ponte <command>` (the package's bin) or `npm run -s cli -- <command>`: administration
 * from a shell, printing JSON. It calls the same services as the API. `--help` lists the
 * commands, `<command> --help` describes one.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
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
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { AppError } from './errors.js';
import { ENTITIES } from './modules.js';

type Flags = Record<string, string | undefined>;
type Command = (database: Database, flags: Flags) => Promise<unknown>;

interface CommandEntry {
  usage: string;
  /** One or two sentences for `--help`. */
  summary: string;
  run: Command;
}

const COMMANDS: Record<string, CommandEntry> = {
  'seller create': {
    usage: 'seller create --name <name>',
    summary: 'Creates a seller. Prints {id, name}.',
    run: async ({ orm }, flags) => {
      const seller = await createSeller(orm.em.fork(), required(flags, 'name'));
      return { id: seller.id, name: seller.name };
    },
  },
  'token create': {
    usage: 'token create --seller <id> [--scopes a,b] [--name <name>]',
    summary: 'Issues an API token for a seller, with every scope unless --scopes lists some. Prints {token, id, scopes}; the token is shown only here.',
    run: async ({ orm }, flags) => {
      const { token, record } = await createToken(orm.em.fork(), {
        sellerId: required(flags, 'seller'),
        name: flags.name,
        // `--scopes ""` is an empty list (refused), not a missing one (every scope).
        scopes: flags.scopes?.split(',').map((scope) => scope.trim()).filter(Boolean),
        issuer: OPERATOR,
      });
      return { token, id: record.id, scopes: record.scopes };
    },
  },
  'token list': {
    usage: 'token list --seller <id>',
    summary: "Lists a seller's API tokens (never their secrets).",
    run: async ({ orm }, flags) => {
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
  },
  'token revoke': {
    usage: 'token revoke --id <token id>',
    summary: 'Revokes an API token at once.',
    run: async ({ orm }, flags) => tokenView(await revokeToken(orm.em.fork(), OPERATOR, required(flags, 'id'))),
  },
  'app list': {
    usage: 'app list',
    summary: 'Lists applications with their credentials.',
    run: async ({ orm }) =>
      (await listApplications(orm.em.fork())).map(({ application, credentials }) => ({
        id: application.id,
        name: application.name,
        createdAt: application.createdAt.toISOString(),
        credentials: credentials.map(credentialView),
      })),
  },
  'app credential create': {
    usage: 'app credential create --app <id>',
    summary: 'Issues another credential for an application. Prints it once.',
    run: async ({ orm }, flags) => {
      const { credential, record } = await issueCredential(orm.em.fork(), required(flags, 'app'));
      return { ...credentialView(record), app: record.application, credential };
    },
  },
  'app credential revoke': {
    usage: 'app credential revoke --id <credential id>',
    summary: 'Revokes an application credential.',
    run: async ({ orm }, flags) => credentialView(await revokeCredential(orm.em.fork(), { credentialId: required(flags, 'id') })),
  },
  'app create': {
    usage: 'app create --name <name>',
    summary: 'Creates an application and its first credential. Prints {id, name, credential}.',
    run: async ({ orm }, flags) => {
      const { credential, application } = await createApplication(orm.em.fork(), required(flags, 'name'));
      return { id: application.id, name: application.name, credential };
    },
  },
  'app install': {
    usage: 'app install --app <id> --seller <id>',
    summary: "Installs an application for a seller, so its per-product registrations receive that seller's events.",
    run: async ({ orm }, flags) => {
      const { installation } = await installApplication(orm.em.fork(), {
        applicationId: required(flags, 'app'),
        sellerId: required(flags, 'seller'),
      });
      return { id: installation.id, app: installation.application, seller: installation.seller };
    },
  },
  'app uninstall': {
    usage: 'app uninstall --app <id> --seller <id>',
    summary: 'Uninstalls an application from a seller.',
    run: async ({ orm }, flags) => {
      const installation = await uninstallApplication(orm.em.fork(), {
        applicationId: required(flags, 'app'),
        sellerId: required(flags, 'seller'),
      });
      return { id: installation.id, app: installation.application, seller: installation.seller, uninstalledAt: installation.uninstalledAt };
    },
  },
  migrate: {
    usage: 'migrate',
    summary: 'Applies pending database migrations. Prints {applied: [names]}.',
    run: async ({ orm }) => ({ applied: (await orm.migrator.up()).map((migration) => migration.name) }),
  },
};

class UsageError extends Error {}

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

const PROGRAM = 'ponte';

function usage(): string {
  return `usage: ${PROGRAM} <command> [options]   (or: npm run -s cli -- <command>)\n\ncommands:\n${Object.values(COMMANDS)
    .map((command) => `  ${command.usage}`)
    .join('\n')}\n\n${PROGRAM} <command> --help describes one command. Every command prints JSON on stdout;\nerrors go to stderr (JSON for refusals of the service) with a non-zero exit code.\nSettings come from the environment (DATABASE_URL…, docs/operations.md).\n`;
}

function commandHelp(command: CommandEntry): string {
  return `usage: ${PROGRAM} ${command.usage}\n\n${command.summary}\n`;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      seller: { type: 'string' },
      scopes: { type: 'string' },
      app: { type: 'string' },
      id: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const asksHelp = values.help === true || positionals[0] === 'help';
  const key = (positionals[0] === 'help' ? positionals.slice(1) : positionals).join(' ');
  const command = COMMANDS[key];
  if (asksHelp && (command || !key)) {
    process.stdout.write(command ? commandHelp(command) : usage());
    return 0;
  }
  if (!command) {
    console.error(key ? `unknown command "${key}"\n${usage()}` : usage());
    return 2;
  }
  const { help: _help, ...flags } = values;
  const database = await openDatabase(loadConfig(), { migrate: key !== 'migrate', entities: ENTITIES });
  try {
    console.log(JSON.stringify(await command.run(database, flags)));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof AppError) {
      console.error(JSON.stringify({ error: error.code, message: error.message, errors: error.errors }));
    } else if (error instanceof UsageError || error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n${usage()}`);
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exit(1);
  });
