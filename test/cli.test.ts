import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { processTestTimeout, runProcess } from './support/process.js';

/** The package's `ponte` bin, as `npm install -g` or `npx ponte` would run it. */
const PONTE = 'bin/ponte.js';

describe('the ponte command', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('lists its commands with --help, without a database', { timeout: processTestTimeout(4) }, async () => {
    // Each call is a Node process of its own: started together, they share the cores.
    const calls = [['--help'], ['-h'], ['help'], []];
    const results = await Promise.all(calls.map((args) => runProcess(PONTE, args, {})));
    for (const [index, args] of calls.entries()) {
      const result = results[index]!;
      expect(result.code, args.join(' ')).toBe(args.length === 0 ? 2 : 0);
      const text = args.length === 0 ? result.stderr : result.stdout;
      expect(text).toContain('usage: ponte <command>');
      for (const command of ['seller create --name <name>', 'token create --seller <id>', 'app install --app <id> --seller <id>', 'migrate', 'listen --forward-to <url>', 'trigger <evento>']) {
        expect(text).toContain(command);
      }
      // Each command with an example, on the line under its usage.
      const lines = text.split('\n');
      const usages = lines.filter((line) => /^  \S/.test(line));
      expect(usages.length).toBe(13);
      for (const usage of usages) expect(lines[lines.indexOf(usage) + 1], usage).toMatch(/^      ponte \S/);
    }
  });

  it('answers --help without loading the service or any package', { timeout: processTestTimeout(1) }, async () => {
    // A module hook (in the environment, as `node --import` would take it) names on stderr
    // each module the process loads: the service's modules and packages are most of a
    // call's start, and help needs none of them.
    const hook = `export async function load(url, context, next) { process.stderr.write('loaded ' + url + '\\n'); return next(url, context); }`;
    const register = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));`;
    const result = await runProcess(PONTE, ['--help'], { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(register)}` });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('usage: ponte <command>');
    const loaded = result.stderr.split('\n').filter((line) => line.startsWith('loaded '));
    expect(loaded.some((line) => line.endsWith('/cli.js'))).toBe(true);
    expect(loaded.filter((line) => line.includes('/node_modules/') || /\/src\/(auth|db|modules|cli-commands)/.test(line))).toEqual([]);
  });

  it('describes one command with <command> --help or help <command>', { timeout: processTestTimeout(3) }, async () => {
    const [unknown, ...results] = await Promise.all(
      [['help', 'seller', 'delete'], ['token', 'create', '--help'], ['help', 'token', 'create']].map((args) => runProcess(PONTE, args, {})),
    );
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.stdout.split('\n')[0]).toBe('usage: ponte token create --seller <id> [--scopes a,b] [--name <name>]');
      expect(result.stdout).toContain('every scope unless --scopes lists some');
    }
    expect(unknown!.code).toBe(2);
    expect(unknown!.stderr).toContain('unknown command "seller delete"');
  });

  it('describes listen and trigger with an example each, and lists the events trigger makes', { timeout: processTestTimeout(2) }, async () => {
    const [listen, trigger] = await Promise.all([runProcess(PONTE, ['listen', '--help'], {}), runProcess(PONTE, ['help', 'trigger'], {})]);
    expect(listen.stdout).toContain('example:\n  ponte listen --forward-to http://127.0.0.1:3000/hook');
    expect(listen.stdout).toContain('--since');
    expect(trigger.stdout).toContain('example:\n  ponte trigger pedido.criado');
    expect(trigger.stdout).toContain('pagamento.alterado');
  });

  it('creates a sandbox seller, whose tokens read ponte_sk_test_', { timeout: processTestTimeout(2) }, async () => {
    const created = await runProcess(PONTE, ['seller', 'create', '--name', 'Testes', '--sandbox'], { DATABASE_URL: database.url });
    expect(created.code, created.stderr).toBe(0);
    const seller = JSON.parse(created.stdout) as { id: string; sandbox: boolean };
    expect(seller.sandbox).toBe(true);
    const token = await runProcess(PONTE, ['token', 'create', '--seller', seller.id], { DATABASE_URL: database.url });
    expect(JSON.parse(token.stdout).token).toMatch(/^ponte_sk_test_[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a command without a required option with its message and the usage', { timeout: processTestTimeout(1) }, async () => {
    const result = await runProcess(PONTE, ['seller', 'create'], { DATABASE_URL: database.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--name is required\nusage: ponte <command>');
    expect(result.stdout).toBe('');
  });

  // Ten Node processes loading the whole service at once: slow on a busy two-core machine.
  it('prints valid JSON from each of ten calls at once', { timeout: processTestTimeout(10) }, async () => {
    const calls = await Promise.all(
      Array.from({ length: 10 }, (_, i) => runProcess(PONTE, ['seller', 'create', '--name', `Loja ${i}`], { DATABASE_URL: database.url })),
    );
    const sellers = calls.map((call) => {
      expect(call.code, call.stderr).toBe(0);
      return JSON.parse(call.stdout) as { id: string; name: string };
    });
    expect(sellers.map((seller) => seller.name).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Loja ${i}`).sort());
    expect(new Set(sellers.map((seller) => seller.id)).size).toBe(10);
  });
});
