import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('describes every command --help lists with <command> --help: its usage, and its example', { timeout: processTestTimeout(4) }, async () => {
    const listed = (await runProcess(PONTE, ['--help'], {})).stdout.split('\n').filter((line) => /^  \S/.test(line)).map((line) => line.trim());
    // The command is the usage's words before its first option or placeholder.
    const commands = listed.map((usage) => usage.split(' ').filter((word, index, words) => words.slice(0, index + 1).every((each) => /^[a-z]+$/.test(each))));
    expect(commands.map((words) => words.join(' '))).toContain('app credential revoke');
    const results = await Promise.all(commands.map((words) => runProcess(PONTE, [...words, '--help'], {})));
    for (const [index, result] of results.entries()) {
      const name = commands[index]!.join(' ');
      expect({ name, code: result.code, stderr: result.stderr }).toEqual({ name, code: 0, stderr: '' });
      expect(result.stdout.split('\n')[0]).toBe(`usage: ponte ${listed[index]}`);
      expect(result.stdout).toMatch(new RegExp(`\\nexample:\\n  ponte ${name} ?.*\\n$`));
    }
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
    // With the simulated marketplace's channel, as every sandbox seller; a live seller has none.
    const live = JSON.parse((await runProcess(PONTE, ['seller', 'create', '--name', 'Loja'], { DATABASE_URL: database.url })).stdout) as { id: string };
    const channels = (sellerId: string) => database.orm.em.fork().execute<{ code: string }[]>('select code from channel where seller_id = ?', [sellerId]);
    expect(await channels(seller.id)).toEqual([{ code: 'simulador' }]);
    expect(await channels(live.id)).toEqual([]);
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

  describe('without a build in dist/ (an install with --ignore-scripts)', () => {
    // A copy of the bin in a folder of its own: the checkout's dist/ stays as it is for the
    // other tests. scripts/build.mjs there stands in for the real one (a full TypeScript and
    // console build would take minutes) and writes a CLI that prints its arguments.
    let folder: string;
    beforeAll(() => {
      folder = mkdtempSync(join(tmpdir(), 'ponte-bin-'));
      mkdirSync(join(folder, 'bin'));
      copyFileSync(PONTE, join(folder, 'bin/ponte.js'));
      writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'ponte', type: 'module', bin: { ponte: 'bin/ponte.js' } }));
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    const bin = () => join(folder, 'bin/ponte.js');
    const writeBuild = (script: string) => {
      mkdirSync(join(folder, 'scripts'), { recursive: true });
      writeFileSync(join(folder, 'scripts/build.mjs'), script);
    };
    const standInBuild = `
      import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
      appendFileSync(new URL('../builds.log', import.meta.url), 'built\\n');
      mkdirSync(new URL('../dist/src/', import.meta.url), { recursive: true });
      writeFileSync(new URL('../dist/src/cli.js', import.meta.url), "console.log('cli ' + process.argv.slice(2).join(' '));");
      writeFileSync(new URL('../dist/.complete', import.meta.url), '');
    `;

    it('says in one line what to run when it cannot build', { timeout: 60_000 }, async () => {
      const result = await runProcess(bin(), ['--help'], {});
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('ponte: no build in dist/ and none can be made here (no scripts/build.mjs or node_modules): run `npm install` in the clone, then try again\n');
    });

    it('builds it once with scripts/build.mjs and runs the command; a failed build is one line', { timeout: 60_000 }, async () => {
      mkdirSync(join(folder, 'node_modules'));
      writeBuild('process.exit(3);');
      const failed = await runProcess(bin(), ['--help'], {});
      expect(failed.code).toBe(1);
      expect(failed.stderr.trimEnd().split('\n').at(-1)).toBe('ponte: the build failed (exit 3): run `npm run build` to see why');
      expect(failed.stderr).not.toContain('ERR_MODULE_NOT_FOUND');

      writeBuild(standInBuild);
      const first = await runProcess(bin(), ['trigger', '--help'], {});
      expect(first).toMatchObject({ code: 0, stdout: 'cli trigger --help\n' });
      expect(first.stderr).toContain('building it once with scripts/build.mjs');
      const again = await runProcess(bin(), ['--help'], {});
      expect(again).toEqual({ code: 0, stdout: 'cli --help\n', stderr: '' });

      // A build that never finished (no .complete) is made again.
      rmSync(join(folder, 'dist/.complete'));
      expect(await runProcess(bin(), ['migrate'], {})).toMatchObject({ code: 0, stdout: 'cli migrate\n' });
      expect(readBuilds()).toBe('built\nbuilt\n');
    });

    const readBuilds = () => readFileSync(join(folder, 'builds.log'), 'utf8');
  });
});
