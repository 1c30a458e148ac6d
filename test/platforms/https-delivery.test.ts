import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller, graphql, startTestApp, TEST_ENV, type TestApp } from '../support/app.js';
import { startProcess, type RunningProcess } from '../support/process.js';
import { deliveriesOf, type DeliveryRecord } from '../webhooks/fixtures.js';
import { waitUntil } from '../webhooks/receiver.js';
import { createTestApplication, gql } from './fixtures.js';
import { signatureHeadersOf, startProductReceiver, type ProductReceiver } from './receiver.js';
import { createTestCertificates, type TestCertificates } from '../support/test-ca.js';

const OPEN = `mutation ($input: OpenSupportCaseInput!) { openSupportCase(input: $input) { supportCase { id createdAt } } }`;
const MESSAGE = `mutation ($input: AddSupportMessageInput!) { addSupportMessage(input: $input) { message { at } } }`;
const CLOSE = `mutation ($caseId: ID!) { closeSupportCase(input: { caseId: $caseId }) { supportCase { closedAt } } }`;
const UNINSTALL = 'mutation ($applicationId: ID!) { uninstallApplication(input: { applicationId: $applicationId }) { applicationId } }';

/**
 * Customer service only takes https, so its receiver here is an https server with a
 * certificate of a CA made for the test. Node reads NODE_EXTRA_CA_CERTS only when a
 * process starts: the dispatcher runs as a real service process (ROLE=dispatcher) that
 * trusts the CA, beside this file's in-process API.
 */
describe('customer-service deliveries over https', () => {
  let server: TestApp;
  let certificates: TestCertificates;
  let receiver: ProductReceiver;
  let dispatcher: RunningProcess;

  beforeAll(async () => {
    certificates = createTestCertificates();
    receiver = await startProductReceiver({
      tls: { key: certificates.key, cert: certificates.cert },
      status: (path) => (path.startsWith('/created') ? 201 : 200),
    });
    server = await startTestApp();
    dispatcher = startProcess('dist/src/main.js', ['--no-migrate'], {
      ...TEST_ENV,
      LOG_LEVEL: 'info',
      ROLE: 'dispatcher',
      PORT: '0',
      DATABASE_URL: server.database.url,
      NODE_EXTRA_CA_CERTS: certificates.caPath,
    });
    await dispatcher.waitFor(/"msg":"ponte started"/);
  });
  afterAll(async () => {
    dispatcher?.child.kill('SIGTERM');
    await dispatcher?.exited;
    await receiver?.close();
    await server?.close();
    certificates?.remove();
  });

  it('delivers {evento, data} without a signature, counts a 201 as a failure (1 + 5 attempts) and sends aplicativo.removido', async () => {
    const seller = await createTestSeller(server.orm);
    const app = await createTestApplication(server.orm, { installedBy: [seller] });
    for (const [path, events] of [
      ['/created', ['atendimento.mensagem']],
      ['/ok', ['atendimento.criado', 'atendimento.mensagem', 'atendimento.encerrado', 'aplicativo.removido']],
    ] as const) {
      const response = await fetch(`${server.url}/atendimento/api/v1/webhook/novo`, {
        method: 'POST',
        headers: app.headers,
        body: JSON.stringify({ url: `${receiver.url}${path}`, events }),
      });
      expect(response.status).toBe(201);
    }

    const { openSupportCase: { supportCase: opened } } = await gql(server, seller, OPEN, { input: { channel: 'chat', subject: 'Atraso', message: 'Cadê meu pedido?' } });
    const { addSupportMessage: { message: reply } } = await gql(server, seller, MESSAGE, { input: { caseId: opened.id, direction: 'saida', message: 'Já verificamos' } });
    const { closeSupportCase: { supportCase: closed } } = await gql(server, seller, CLOSE, { caseId: opened.id });
    expect((await graphql(server.url, UNINSTALL, { headers: seller.headers, variables: { applicationId: app.id } })).body.data).toEqual({
      uninstallApplication: { applicationId: app.id },
    });

    let deliveries: DeliveryRecord[] = [];
    await waitUntil(async () => {
      deliveries = await deliveriesOf(server, app, '', '/atendimento');
      return deliveries.length === 7 && deliveries.every((delivery) => !['pending', 'retrying'].includes(delivery.status));
    }, 30_000, () => JSON.stringify(deliveries.map((delivery) => [delivery.event, delivery.status, delivery.attempts.map((attempt) => attempt.statusCode ?? attempt.error)])));

    // Exactly 200 succeeds; a 201 is a failure, retried 5 times after the first attempt.
    const refused = deliveries.filter((delivery) => delivery.status === 'failed');
    expect(refused).toHaveLength(2);
    for (const delivery of refused) {
      expect(delivery.attempts.map((attempt) => [attempt.statusCode, attempt.error])).toEqual(Array(6).fill([201, 'status']));
    }
    expect(deliveries.filter((delivery) => delivery.status === 'succeeded')).toHaveLength(5);
    expect(receiver.on('/created')).toHaveLength(12);

    // The case's events arrive in their order; the removal is another aggregate's (the app's).
    const ok = receiver.on('/ok').filter((request) => request.json.evento.startsWith('atendimento.'));
    expect(ok.map((request) => request.json.evento)).toEqual(['atendimento.criado', 'atendimento.mensagem', 'atendimento.mensagem', 'atendimento.encerrado']);
    // atendimento.mensagem carries exactly the source's fields.
    expect(ok[1]!.json).toStrictEqual({
      evento: 'atendimento.mensagem',
      data: { idAtendimento: opened.id, canal: 'chat', direcao: 'entrada', mensagem: 'Cadê meu pedido?', dataHora: opened.createdAt },
    });
    expect(ok[2]!.json).toStrictEqual({
      evento: 'atendimento.mensagem',
      data: { idAtendimento: opened.id, canal: 'chat', direcao: 'saida', mensagem: 'Já verificamos', dataHora: reply.at },
    });
    expect(ok[3]!.json.data).toEqual({ idAtendimento: opened.id, canal: 'chat', dataHora: closed.closedAt });
    const removal = receiver.on('/ok').filter((request) => request.json.evento === 'aplicativo.removido');
    // The same words as atendimento.*: one language per product's payloads.
    expect(removal.map((request) => request.json.data)).toStrictEqual([{ idAplicativo: app.id, nomeAplicativo: 'Test app', idLoja: seller.id, dataHora: expect.any(String) }]);
    for (const request of receiver.requests) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(signatureHeadersOf(request.headers)).toEqual([]);
    }
  });
});
