/**
 * `ponte <command>` (the package's bin) or `npm run -s cli -- <command>`: administration
 * from a shell, printing JSON. It calls the same services as the API. `--help` lists the
 * commands, `<command> --help` describes one.
 */
import { parseArgs } from 'node:util';
import type { CommandName } from './cli-commands.js';
import { ConfigError } from './config.js';
import { AppError } from './errors.js';

interface CommandHelp {
  usage: string;
  /** One or two sentences for `--help`. */
  summary: string;
}

/** Every command, for `--help`; src/cli-commands.ts has what each runs, loaded only to run one. */
const COMMANDS: Record<CommandName, CommandHelp> = {
  'seller create': {
    usage: 'seller create --name <name>',
    summary: 'Creates a seller. Prints {id, name}.',
  },
  'token create': {
    usage: 'token create --seller <id> [--scopes a,b] [--name <name>]',
    summary: 'Issues an API token for a seller, with every scope unless --scopes lists some. Prints {token, id, scopes}; the token is shown only here.',
  },
  'token list': {
    usage: 'token list --seller <id>',
    summary: "Lists a seller's API tokens (never their secrets).",
  },
  'token revoke': {
    usage: 'token revoke --id <token id>',
    summary: 'Revokes an API token at once.',
  },
  'app list': {
    usage: 'app list',
    summary: 'Lists applications with their credentials.',
  },
  'app credential create': {
    usage: 'app credential create --app <id>',
    summary: 'Issues another credential for an application. Prints it once.',
  },
  'app credential revoke': {
    usage: 'app credential revoke --id <credential id>',
    summary: 'Revokes an application credential.',
  },
  'app create': {
    usage: 'app create --name <name>',
    summary: 'Creates an application and its first credential. Prints {id, name, credential}.',
  },
  'app install': {
    usage: 'app install --app <id> --seller <id>',
    summary: "Installs an application for a seller, so its per-product registrations receive that seller's events.",
  },
  'app uninstall': {
    usage: 'app uninstall --app <id> --seller <id>',
    summary: 'Uninstalls an application from a seller.',
  },
  migrate: {
    usage: 'migrate',
    summary: 'Applies pending database migrations. Prints {applied: [names]}.',
  },
};

const PROGRAM = 'ponte';

function isCommand(key: string): key is CommandName {
  return Object.hasOwn(COMMANDS, key);
}

function usage(): string {
  return `usage: ${PROGRAM} <command> [options]   (or: npm run -s cli -- <command>)\n\ncommands:\n${Object.values(COMMANDS)
    .map((command) => `  ${command.usage}`)
    .join('\n')}\n\n${PROGRAM} <command> --help describes one command. Every command prints JSON on stdout;\nerrors go to stderr (JSON for refusals of the service) with a non-zero exit code.\nSettings come from the environment (DATABASE_URL…, docs/operations.md).\n`;
}

function commandHelp(command: CommandHelp): string {
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
  if (asksHelp && (isCommand(key) || !key)) {
    process.stdout.write(isCommand(key) ? commandHelp(COMMANDS[key]) : usage());
    return 0;
  }
  if (!isCommand(key)) {
    console.error(key ? `unknown command "${key}"\n${usage()}` : usage());
    return 2;
  }
  const { help: _help, ...flags } = values;
  const { runCommand, UsageError } = await import('./cli-commands.js');
  try {
    console.log(JSON.stringify(await runCommand(key, flags)));
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${usage()}`);
    return 1;
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof AppError) {
      console.error(JSON.stringify({ error: error.code, message: error.message, errors: error.errors }));
    } else if (error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n${usage()}`);
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exit(1);
  });
