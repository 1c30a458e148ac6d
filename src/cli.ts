/**
 * `ponte <command>` (the package's bin) or `npm run -s cli -- <command>`. Administration
 * commands (sellers, tokens, applications, migrations) open the database with the
 * service's settings and print JSON; the developer tools (`listen`, `trigger`) talk to a
 * running service as PONTE_URL and PONTE_TOKEN say, and print lines for people (`--json`
 * for JSON). `--help` lists the commands, `<command> --help` describes one.
 */
import { parseArgs } from 'node:util';
import type { CommandName as DatabaseCommand } from './cli-commands.js';
import { ConfigError } from './config.js';
import { SettingsError } from './devtools/ponte-api.js';
import { AppError } from './errors.js';
import { isTriggerable, TRIGGERABLE_EVENTS } from './simulator/triggerable-events.js';

type DeveloperCommand = 'listen' | 'trigger';
type CommandName = DatabaseCommand | DeveloperCommand;

interface CommandHelp {
  usage: string;
  /** One or two sentences for `--help`. */
  summary: string;
  /** A command line that works as printed (with the first start's exports for listen and trigger). */
  example: string;
  /** More, for `<command> --help` only. */
  details?: string;
}

/** Every command, for `--help`; src/cli-commands.ts and src/devtools/ have what each runs, loaded only to run one. */
const COMMANDS: Record<CommandName, CommandHelp> = {
  'seller create': {
    usage: 'seller create --name <name> [--sandbox]',
    summary: 'Creates a seller. Prints {id, name, sandbox}. --sandbox makes a sandbox seller: tokens ponte_sk_test_…, the simulated marketplace simulador.',
    example: 'ponte seller create --name "Loja de testes" --sandbox',
  },
  'token create': {
    usage: 'token create --seller <id> [--scopes a,b] [--name <name>]',
    summary: 'Issues an API token for a seller, with every scope unless --scopes lists some. Prints {token, id, scopes}; the token is shown only here.',
    example: 'ponte token create --seller 0190… --scopes orders:read,webhooks:read',
  },
  'token list': {
    usage: 'token list --seller <id>',
    summary: "Lists a seller's API tokens (never their secrets).",
    example: 'ponte token list --seller 0190…',
  },
  'token revoke': {
    usage: 'token revoke --id <token id>',
    summary: 'Revokes an API token at once.',
    example: 'ponte token revoke --id 0190…',
  },
  'app list': {
    usage: 'app list',
    summary: 'Lists applications with their credentials.',
    example: 'ponte app list',
  },
  'app credential create': {
    usage: 'app credential create --app <id>',
    summary: 'Issues another credential for an application. Prints it once.',
    example: 'ponte app credential create --app 0190…',
  },
  'app credential revoke': {
    usage: 'app credential revoke --id <credential id>',
    summary: 'Revokes an application credential.',
    example: 'ponte app credential revoke --id 0190…',
  },
  'app create': {
    usage: 'app create --name <name>',
    summary: 'Creates an application and its first credential. Prints {id, name, credential}.',
    example: 'ponte app create --name "Frete Fácil"',
  },
  'app install': {
    usage: 'app install --app <id> --seller <id>',
    summary: "Installs an application for a seller, so its per-product registrations receive that seller's events.",
    example: 'ponte app install --app 0190… --seller 0190…',
  },
  'app uninstall': {
    usage: 'app uninstall --app <id> --seller <id>',
    summary: 'Uninstalls an application from a seller.',
    example: 'ponte app uninstall --app 0190… --seller 0190…',
  },
  migrate: {
    usage: 'migrate',
    summary: 'Applies pending database migrations. Prints {applied: [names]}.',
    example: 'ponte migrate',
  },
  listen: {
    usage: 'listen --forward-to <url> [--events a,b] [--since <event id|instant>] [--secret whsec_…] [--retry] [--json] [--live]',
    summary:
      "Follows the seller's events live and POSTs each to a local receiver as a webhook, signed (Standard Webhooks) with a whsec_ secret it prints at start; one line per event.",
    example: 'ponte listen --forward-to http://127.0.0.1:3000/hook',
    details: [
      'Uses PONTE_URL (default http://127.0.0.1:4000) and PONTE_TOKEN, a sandbox seller\'s token (--live to forward a live seller\'s events).',
      'Signs with --secret, else PONTE_WEBHOOK_SECRET (the first start prints one), else a new secret printed at start.',
      'Each line: time, evento, event id, the receiver\'s status, milliseconds (colours on a terminal; --json: one JSON object per line).',
      'The body is the webhook body byte for byte; webhook-id is the event id. A receiver that is down or slow is reported and',
      'listening goes on; --retry tries failed events again on the dispatcher\'s schedule (WEBHOOK_BACKOFF_BASE_MS, WEBHOOK_MAX_ATTEMPTS).',
      '--events takes event names (pedido.criado,estoque.alterado); --since replays from after an event id, or from an instant',
      '(2026-01-02T03:04:05Z), within the live feed\'s replay window. After a dropped connection it reconnects and replays what it',
      'missed, each event once. Ctrl-C stops it (exit 0). docs/guides/test-your-integration.md walks through it.',
    ].join('\n'),
  },
  trigger: {
    usage: 'trigger <evento> [--json]',
    summary: "Makes, for a sandbox seller, the real change that emits the event (a simulador order, a payment, an invoice, a shipment's tracking, a stock or price change…) and prints what it did.",
    example: 'ponte trigger pedido.criado',
    details: `Uses PONTE_URL and PONTE_TOKEN; a live seller's token is refused (exit 1) and nothing changes.\nEvents: ${TRIGGERABLE_EVENTS.join(', ')}.`,
  },
};

const PROGRAM = 'ponte';
const DEVELOPER_COMMANDS: readonly string[] = ['listen', 'trigger'] satisfies DeveloperCommand[];

function isCommand(key: string): key is CommandName {
  return Object.hasOwn(COMMANDS, key);
}

function usage(): string {
  return `usage: ${PROGRAM} <command> [options]   (or: npm run -s cli -- <command>)\n\ncommands (with an example each):\n${Object.values(COMMANDS)
    .map((command) => `  ${command.usage}\n      ${command.example}`)
    .join('\n')}\n\n${PROGRAM} <command> --help describes one command. Administration commands print JSON on stdout and\nread the database settings from the environment (DATABASE_URL…, docs/operations.md); listen and\ntrigger talk to a running service (PONTE_URL, PONTE_TOKEN). Errors go to stderr with a non-zero exit code.\n`;
}

function commandHelp(command: CommandHelp): string {
  return `usage: ${PROGRAM} ${command.usage}\n\n${command.summary}\n${command.details ? `\n${command.details}\n` : ''}\nexample:\n  ${command.example}\n`;
}

/** The command the positionals start with (the longest name that matches) and the arguments after it. */
function commandOf(positionals: string[]): { key: string; args: string[] } {
  for (let words = Math.min(3, positionals.length); words > 0; words--) {
    const key = positionals.slice(0, words).join(' ');
    if (isCommand(key)) return { key, args: positionals.slice(words) };
  }
  return { key: positionals.join(' '), args: [] };
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
      sandbox: { type: 'boolean' },
      'forward-to': { type: 'string' },
      secret: { type: 'string' },
      events: { type: 'string' },
      since: { type: 'string' },
      json: { type: 'boolean' },
      retry: { type: 'boolean' },
      live: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const asksHelp = values.help === true || positionals[0] === 'help';
  const { key, args } = commandOf(positionals[0] === 'help' ? positionals.slice(1) : positionals);
  if (asksHelp && (isCommand(key) || !key)) {
    process.stdout.write(isCommand(key) ? commandHelp(COMMANDS[key]) : usage());
    return 0;
  }
  if (!isCommand(key)) {
    console.error(key ? `unknown command "${key}"\n${usage()}` : usage());
    return 2;
  }
  const { help: _help, ...flags } = values;
  if (DEVELOPER_COMMANDS.includes(key)) return runDeveloperCommand(key as DeveloperCommand, args, flags);
  if (args.length > 0) {
    console.error(`${PROGRAM} ${key} takes no argument "${args[0]}"\n${commandHelp(COMMANDS[key])}`);
    return 2;
  }
  const { runCommand, UsageError } = await import('./cli-commands.js');
  try {
    console.log(JSON.stringify(await runCommand(key as DatabaseCommand, flags)));
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${usage()}`);
    return 1;
  }
}

type Flags = Record<string, string | boolean | undefined>;

/** listen and trigger: no database, only the service's API. */
async function runDeveloperCommand(command: DeveloperCommand, args: string[], flags: Flags): Promise<number> {
  const out = (line: string) => void process.stdout.write(`${line}\n`);
  const note = (line: string) => void process.stderr.write(`${line}\n`);
  const { apiSettings } = await import('./devtools/ponte-api.js');
  const settings = apiSettings(process.env);
  if (command === 'trigger') {
    const [evento, extra] = args;
    if (!evento || extra !== undefined || !isTriggerable(evento)) {
      throw new SettingsError(`ponte trigger takes one event name, one of: ${TRIGGERABLE_EVENTS.join(', ')}${evento ? ` (not "${args.join(' ')}")` : ''}`);
    }
    const { trigger } = await import('./devtools/trigger.js');
    return trigger({ settings, evento, json: flags.json === true, out, note });
  }
  if (args.length > 0) throw new SettingsError(`ponte listen takes no argument "${args[0]}"`);
  const forwardTo = flags['forward-to'];
  if (typeof forwardTo !== 'string') throw new SettingsError('--forward-to <url> is required: where the local receiver listens (http://127.0.0.1:3000/hook)');
  const [{ listen }, { loadConfig }] = await Promise.all([import('./devtools/listen.js'), import('./config.js')]);
  const config = loadConfig(process.env);
  const stopping = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopping.abort());
  return listen({
    settings,
    forwardTo,
    secret: signingSecret(flags.secret, process.env.PONTE_WEBHOOK_SECRET),
    events: typeof flags.events === 'string' ? flags.events.split(',').map((name) => name.trim()).filter(Boolean) : undefined,
    since: typeof flags.since === 'string' ? flags.since : undefined,
    json: flags.json === true,
    color: process.stdout.isTTY === true && !process.env.NO_COLOR,
    retry: flags.retry === true,
    live: flags.live === true,
    delivery: {
      timeoutMs: config.webhookTimeoutMs,
      maxAttempts: config.webhookMaxAttempts,
      backoff: { baseMs: config.webhookBackoffBaseMs, maxMs: config.webhookBackoffMaxMs },
    },
    out,
    note,
    signal: stopping.signal,
  });
}

/** What listen signs with: --secret, else PONTE_WEBHOOK_SECRET (the variable the guide's receiver reads), else a new one. */
function signingSecret(flag: Flags[string], env: string | undefined) {
  if (typeof flag === 'string') return { value: flag, from: '--secret' as const };
  if (env?.trim()) return { value: env.trim(), from: 'PONTE_WEBHOOK_SECRET' as const };
  return undefined;
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof AppError) {
      console.error(JSON.stringify({ error: error.code, message: error.message, errors: error.errors }));
    } else if (error instanceof SettingsError) {
      console.error(`${PROGRAM}: ${error.message}`);
      process.exit(2);
    } else if (error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n${usage()}`);
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exit(1);
  });
