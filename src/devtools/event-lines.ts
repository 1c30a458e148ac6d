import type { Envelope, ForwardResult } from './forwarder.js';
import { succeeded } from './forwarder.js';

/** What `ponte listen` reports of one forward: a line for people, or one JSON object per line (`--json`). */
export interface ForwardReport {
  envelope: Envelope;
  result: ForwardResult;
  attempt: number;
  /** When the next try is due, with `--retry`; undefined when none follows. */
  retryInMs?: number;
}

const STYLES = { dim: [2, 22], cyan: [36, 39], green: [32, 39], red: [31, 39], yellow: [33, 39] } as const;
type Style = keyof typeof STYLES;

export function reportLine(report: ForwardReport, format: { json: boolean; color: boolean }, now = new Date()): string {
  const { envelope, result, attempt, retryInMs } = report;
  if (format.json) {
    return JSON.stringify({
      time: now.toISOString(),
      evento: envelope.evento,
      id: envelope.id,
      status: result.status ?? null,
      ...(result.error ? { error: result.error } : {}),
      ms: result.ms,
      attempt,
      ...(retryInMs !== undefined ? { retryInMs } : {}),
    });
  }
  const paint = (style: Style, text: string) => (format.color ? `\u001b[${STYLES[style][0]}m${text}\u001b[${STYLES[style][1]}m` : text);
  const outcome = result.status !== undefined ? String(result.status) : result.error!;
  const retry = retryInMs !== undefined ? paint('yellow', `  retry ${attempt + 1} in ${formatDelay(retryInMs)}`) : '';
  return [
    paint('dim', now.toTimeString().slice(0, 8)),
    paint('cyan', envelope.evento.padEnd(28)),
    envelope.id,
    `→ ${paint(succeeded(result) ? 'green' : 'red', outcome)}`,
    `${result.ms} ms${attempt > 1 ? ` (attempt ${attempt})` : ''}${retry}`,
  ].join('  ');
}

function formatDelay(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}
