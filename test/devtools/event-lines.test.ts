import { describe, expect, it } from 'vitest';
import { reportLine, type ForwardReport } from '../../src/devtools/event-lines.js';

const ID = '01975f0e-3c1a-7b2e-9d4f-0a1b2c3d4e5f';
const AT = new Date(2026, 0, 2, 3, 4, 5, 678);
const envelope = { id: ID, evento: 'pedido.criado', dataHora: AT.toISOString(), data: {} };
const ESC = '\u001b[';

const line = (report: Partial<ForwardReport>, color: boolean) =>
  reportLine({ envelope, result: { status: 204, ms: 12 }, attempt: 1, ...report }, { json: false, color }, AT);

describe("ponte listen's line for each event", () => {
  it('is plain text when colour is off: time, evento, id, the receiver status, ms', () => {
    expect(line({}, false)).toBe(`03:04:05  ${'pedido.criado'.padEnd(28)}  ${ID}  → 204  12 ms`);
    expect(line({ result: { error: 'ECONNREFUSED', ms: 3 } }, false)).toBe(`03:04:05  ${'pedido.criado'.padEnd(28)}  ${ID}  → ECONNREFUSED  3 ms`);
    expect(line({ result: { status: 503, ms: 40 }, attempt: 2, retryInMs: 1500 }, false)).toBe(
      `03:04:05  ${'pedido.criado'.padEnd(28)}  ${ID}  → 503  40 ms (attempt 2)  retry 3 in 2 s`,
    );
    expect(line({ result: { status: 500, ms: 1 } }, false)).not.toContain(ESC);
  });

  it('colours the time dim, the event cyan, a 2xx green, a failure red and a retry yellow when colour is on', () => {
    expect(line({}, true)).toBe(`${ESC}2m03:04:05${ESC}22m  ${ESC}36m${'pedido.criado'.padEnd(28)}${ESC}39m  ${ID}  → ${ESC}32m204${ESC}39m  12 ms`);
    expect(line({ result: { error: 'no answer within 1000 ms', ms: 1001 } }, true)).toContain(`→ ${ESC}31mno answer within 1000 ms${ESC}39m  1001 ms`);
    expect(line({ result: { status: 503, ms: 40 }, retryInMs: 180_000 }, true)).toContain(`${ESC}31m503${ESC}39m  40 ms${ESC}33m  retry 2 in 3 min${ESC}39m`);
  });

  it('is one JSON object with --json, colour or not', () => {
    const report: ForwardReport = { envelope, result: { error: 'ECONNREFUSED', ms: 3 }, attempt: 1, retryInMs: 200 };
    for (const color of [false, true]) {
      expect(JSON.parse(reportLine(report, { json: true, color }, AT))).toEqual({
        time: AT.toISOString(),
        evento: 'pedido.criado',
        id: ID,
        status: null,
        error: 'ECONNREFUSED',
        ms: 3,
        attempt: 1,
        retryInMs: 200,
      });
    }
  });
});
