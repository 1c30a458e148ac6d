import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startDemoService } from '../support/demo-service.js';
import { freePort } from '../support/process.js';
import { waitUntil } from '../webhooks/receiver.js';

const GUIDE = 'docs/guides/test-your-integration.md';

/**
 * The guide's numbered commands (`# 1.` … at the end of a line), from its five-commands
 * blocks; a line without a number belongs to the step above it (step 2's export lines).
 */
function guideSteps(): { step: number; lines: string[] }[] {
  const section = readFileSync(GUIDE, 'utf8').match(/<!-- five-commands -->\n([\s\S]*?)<!-- \/five-commands -->/);
  if (!section) throw new Error(`${GUIDE} has no five-commands section`);
  const lines = [...section[1]!.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => block[1]!.split('\n')).filter((line) => line.trim() !== '');
  const steps: { step: number; lines: string[] }[] = [];
  for (const line of lines) {
    const numbered = line.match(/^(.*?)\s+# (\d+)\. /);
    if (numbered) steps.push({ step: Number(numbered[2]), lines: [numbered[1]!.trim()] });
    else steps.at(-1)!.lines.push(line.trim());
  }
  return steps;
}

/**
 * A second terminal: bash running one command after the export lines pasted in it, in a
 * process group of its own, so what the command left running in the background (`&`)
 * still writes here and stops with it.
 */
function terminal(exportLines: string[], command: string, env: Record<string, string>) {
  const shell = spawn('bash', ['--norc', '--noprofile', '-c', [...exportLines, command].join('\n')], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  shell.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => shell.on('exit', resolve));
  const group = shell.pid!;
  const alive = () => {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    output: () => output,
    exited,
    waitFor: (pattern: RegExp, timeoutMs = 60_000) => waitUntil(() => pattern.test(output), timeoutMs, () => `for ${pattern} in:\n${output}`),
    /** SIGTERM to the group (a non-interactive shell's background jobs ignore SIGINT), and waits until it is gone. */
    stop: async () => {
      if (alive()) process.kill(-group, 'SIGTERM');
      await waitUntil(() => !alive(), 30_000).catch(() => alive() && process.kill(-group, 'SIGKILL'));
    },
  };
}

const exported = (line: string) => line.match(/^export (\w+)=(\S+)$/)?.slice(1) ?? [line];

/**
 * "Must show": from a fresh start, the guide's five commands as written take a new
 * integrator to a receiver that verified the signature of a `pedido.criado` with the
 * standardwebhooks package. The commands run as pasted, npx included; the one change is
 * the receiver's port (PORT, and the listen command's URL with it): other suites on this
 * machine may hold 3000.
 */
describe('docs/guides/test-your-integration.md', () => {
  it('takes a fresh start to a verified receiver in its five commands, which the first start prints', { timeout: 300_000 }, async () => {
    const steps = guideSteps();
    expect(steps.map((entry) => entry.step)).toEqual([1, 2, 3, 4, 5]);
    const [install, paste, receiverStep, listenStep, triggerStep] = steps.map((entry) => entry.lines);
    expect(install).toEqual(['npm install && npm start']);
    expect([receiverStep, listenStep, triggerStep].every((lines) => lines!.length === 1)).toBe(true);

    // 1. The suite has installed and built; this is that build's first start on a new embedded database.
    const service = await startDemoService();
    const shells: ReturnType<typeof terminal>[] = [];
    try {
      // 2. What it printed is what the guide tells the reader to paste: the same variables, the same forms.
      expect(service.exportLines.map((line) => exported(line)[0])).toEqual(paste!.map((line) => exported(line)[0]));
      for (const [index, line] of paste!.entries()) {
        const [, shown] = exported(line);
        const [name, printed] = exported(service.exportLines[index]!);
        if (shown!.endsWith('…')) expect(printed, name).toMatch(new RegExp(`^${shown!.slice(0, -1)}\\S{20,}$`));
        else expect(printed!.replace(/:\d+$/, ':4000'), name).toBe(shown);
      }
      // And it prints steps 3 to 5 as the guide has them.
      const printedSteps = service.process.output().split('Test a webhook receiver')[1]!.split('\n').slice(1, 4).map((line) => line.trim());
      expect(printedSteps).toEqual([receiverStep![0], listenStep![0], triggerStep![0]]);

      const port = await freePort();
      const run = (command: string) => {
        const shell = terminal(service.exportLines, command.replaceAll('127.0.0.1:3000', `127.0.0.1:${port}`), { PORT: String(port) });
        shells.push(shell);
        return shell;
      };
      // 3. The receiver.
      const receiver = run(receiverStep![0]!);
      await receiver.waitFor(new RegExp(`receiver on http://127\\.0\\.0\\.1:${port}/hook`));
      // 4. listen, signing with the printed PONTE_WEBHOOK_SECRET the receiver verifies with.
      const listener = run(listenStep![0]!);
      await listener.waitFor(/forwarding the events of Demo seller \(sandbox\)/);
      expect(listener.output()).toContain(`signing secret: ${service.printed.PONTE_WEBHOOK_SECRET}\n  (from PONTE_WEBHOOK_SECRET`);
      // 5. trigger.
      const trigger = run(triggerStep![0]!);
      expect(await trigger.exited, trigger.output()).toBe(0);
      expect(trigger.output()).toMatch(/^pedido\.criado: placed order #\d+ \(SIM-\d+, .+\) on simulador/m);

      // The receiver verified it, and listen's line says it answered.
      const verified = /verified pedido\.criado (\S+) \(webhook-id (\S+)\)/;
      await receiver.waitFor(verified);
      const [, id, webhookId] = receiver.output().match(verified)!;
      expect(webhookId).toBe(id);
      expect(receiver.output()).not.toContain('refused');
      await listener.waitFor(new RegExp(`pedido\\.criado +${id}  → 204  \\d+ ms`));
    } finally {
      for (const shell of shells) await shell.stop();
      expect(await service.stop()).toBe(0);
    }
  });
});
