import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runProcess } from './support/process.js';

const BUILD = 'scripts/build.mjs';
/** Imports two modules of the build through the dist link and prints what they say, as JSON. */
const READER = 'test/support/read-dist.mjs';

describe('the build', () => {
  it('is made once: dist links to a complete build, and an unchanged tree builds nothing', { timeout: 60_000 }, async () => {
    expect(lstatSync('dist').isSymbolicLink()).toBe(true);
    const target = readlinkSync('dist');
    expect(target).toMatch(/^\.build\/[0-9a-f]{16}\.[0-9a-z]+$/);
    expect(existsSync(`${target}/.complete`)).toBe(true);
    // The console's bundle is a step of the same build, beside the compiled service.
    expect(existsSync(`${target}/console/index.html`)).toBe(true);

    const started = Date.now();
    const again = await runProcess(BUILD, [], { PATH: process.env.PATH });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe('');
    expect(readlinkSync('dist')).toBe(target);
    // Hashing the sources, not compiling them.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('starts and administers from the build: npm start and the CLI never compile', () => {
    const { scripts, bin } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string>; bin: Record<string, string> };
    expect(bin.ponte).toBe('bin/ponte.js');
    // V8 flags may stand before the script (the service's young generation: docs/operations.md).
    for (const script of ['start', 'cli']) expect(scripts[script]).toMatch(/^node scripts\/build\.mjs && node (--[\w-]+=\w+ )*dist\/src\/\w+\.js$/);
    expect(scripts.prepare).toBe('node scripts/build.mjs');
    // The bin runs the build's CLI (making the build first only when an install ran no scripts).
    expect(readFileSync('bin/ponte.js', 'utf8')).toContain("await import('../dist/src/cli.js')");
  });

  it('swaps a new build in atomically: processes reading dist during a rebuild all see a whole build', { timeout: 600_000 }, async () => {
    const before = readlinkSync('dist');
    const rebuild = spawn(process.execPath, [BUILD, '--force'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const rebuilt = new Promise<number | null>((resolve) => rebuild.on('exit', resolve));
    let done = false;
    void rebuilt.then(() => (done = true));
    // Light readers (a few modules of the build, not the whole service), three at a time,
    // until the rebuild is over and once more after the swap: the rebuild is the load here.
    const read = () => runProcess(READER, [], { PATH: process.env.PATH });
    let reads = 0;
    for (let lastRound = false; !lastRound; ) {
      lastRound = done;
      for (const result of await Promise.all(Array.from({ length: 3 }, read))) {
        expect(result.code, result.stderr).toBe(0);
        expect(JSON.parse(result.stdout)).toEqual({ code: 'NOT_FOUND', port: 4000 });
      }
      reads += 3;
    }
    expect(await rebuilt).toBe(0);
    const after = readlinkSync('dist');
    expect(after).not.toBe(before);
    expect(existsSync(`${after}/.complete`)).toBe(true);
    // The previous build stays for processes that started from it.
    expect(existsSync(`${before}/.complete`)).toBe(true);
    expect(reads).toBeGreaterThanOrEqual(6);
    // The CLI runs from the new build.
    const help = await runProcess('bin/ponte.js', ['--help'], {});
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain('usage: ponte <command>');
  });
});
