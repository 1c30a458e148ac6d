import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performRuns } from '../../src/simulator/simulator-schedule.service.js';
import { call, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import type { RunningProcess } from '../support/process.js';
import { createSandboxTestSeller } from '../support/sandbox.js';
import { startDispatcherProcess } from '../webhooks/fixtures.js';
import { waitUntil } from '../webhooks/receiver.js';

/** A seeded source of numbers in [0, 1) (mulberry32): the runs below are the same every time. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function simulatedOrders(server: TestApp, sellerId: string): Promise<{ status: string; count: number }[]> {
  return server.orm.em.fork().execute(
    `select status, count(*)::int as count from sales_order where seller_id = ? and channel = 'simulador' group by status order by status`,
    [sellerId],
  );
}

const total = (rows: { count: number }[]) => rows.reduce((sum, row) => sum + row.count, 0);

describe('the simulator\'s schedule', () => {
  let server: TestApp;
  let sandbox: TestSeller;
  let dispatcher: RunningProcess | undefined;

  beforeAll(async () => {
    server = await startTestApp();
    sandbox = await createSandboxTestSeller(server.orm);
  });
  afterAll(async () => {
    dispatcher?.child.kill('SIGKILL');
    await server?.close();
  });

  it('pays, or cancels, the oldest waiting order after each one placed, as the rates say', async () => {
    // Scheduled (no worker runs in this process: the runs below are the only ones).
    const schedule = { ordersPerMinute: 1, payRate: 0, cancelRate: 0 };
    const paying = await createSandboxTestSeller(server.orm, { name: 'Paying' });
    await call(server, paying, 'PUT', '/simulador/agenda', schedule);
    const outcome = await performRuns(server.orm, { sellerId: paying.id, runs: 12, payRate: 1, cancelRate: 0 }, seeded(7));
    expect(outcome.placed).toBe(12);
    const paid = await simulatedOrders(server, paying.id);
    expect(paid.find((row) => row.status === 'pendente')).toBeUndefined();
    expect(outcome.paid).toBeGreaterThan(0);

    const cancelling = await createSandboxTestSeller(server.orm, { name: 'Cancelling' });
    await call(server, cancelling, 'PUT', '/simulador/agenda', schedule);
    const cancelled = await performRuns(server.orm, { sellerId: cancelling.id, runs: 12, payRate: 0, cancelRate: 1 }, seeded(7));
    const rows = await simulatedOrders(server, cancelling.id);
    expect(rows.find((row) => row.status === 'pendente')).toBeUndefined();
    expect(rows.find((row) => row.status === 'cancelado')?.count).toBe(cancelled.cancelled);
    expect(cancelled.cancelled).toBe(outcome.paid);
  });

  it('runs in a dispatcher process, stops with it and resumes when one starts again', { timeout: 180_000 }, async () => {
    const set = await call(server, sandbox, 'PUT', '/simulador/agenda', { ordersPerMinute: 240, payRate: 0.5, cancelRate: 0.2 });
    expect(set.body).toMatchObject({ ordersPerMinute: 240, running: true, nextRunAt: expect.any(String) });
    // The API process here runs no workers: nothing happens until a dispatcher runs.
    expect(total(await simulatedOrders(server, sandbox.id))).toBe(0);

    dispatcher = startDispatcherProcess(server.database.url);
    await dispatcher.waitFor(/"worker":"simulator"/);
    await waitUntil(async () => total(await simulatedOrders(server, sandbox.id)) >= 5, 60_000);
    dispatcher.child.kill('SIGTERM');
    expect(await dispatcher.exited).toBe(0);
    const whenStopped = total(await simulatedOrders(server, sandbox.id));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(total(await simulatedOrders(server, sandbox.id))).toBe(whenStopped);

    dispatcher = startDispatcherProcess(server.database.url);
    await waitUntil(async () => total(await simulatedOrders(server, sandbox.id)) >= whenStopped + 5, 60_000);

    // Stopping it through the API stops it in the running dispatcher too.
    await call(server, sandbox, 'PUT', '/simulador/agenda', { ordersPerMinute: 0, payRate: 0, cancelRate: 0 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const afterStop = total(await simulatedOrders(server, sandbox.id));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(total(await simulatedOrders(server, sandbox.id))).toBe(afterStop);
    dispatcher.child.kill('SIGTERM');
    expect(await dispatcher.exited).toBe(0);
    dispatcher = undefined;
  });
});
