import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSender } from '../../src/webhooks/sender.js';
import { trustedCertificates } from '../../src/webhooks/trust-store.js';
import { startProductReceiver, type ProductReceiver } from '../platforms/receiver.js';
import { validPayload } from '../support/events.js';
import { createTestCertificates, type TestCertificates } from '../support/test-ca.js';
import { dirname } from 'node:path';

/**
 * Outgoing deliveries trust Node's bundled CAs, NODE_EXTRA_CA_CERTS and the system store
 * (SSL_CERT_FILE / SSL_CERT_DIR choose it, as for OpenSSL). A CA made for the test plays
 * a company CA installed in each place in turn; the receiver is a real https server.
 */
describe('the CAs deliveries trust', () => {
  let certificates: TestCertificates;
  let receiver: ProductReceiver;

  beforeAll(async () => {
    certificates = createTestCertificates();
    receiver = await startProductReceiver({ tls: { key: certificates.key, cert: certificates.cert }, status: () => 200 });
  });
  afterAll(async () => {
    await receiver?.close();
    certificates?.remove();
  });

  // A real product delivery's body: the receiver checks each against schema/events/.
  const body = JSON.stringify({ evento: 'rastreio.atualizado', data: validPayload('rastreio.atualizado') });
  const deliverWith = async (ca: string[]) => {
    const sender = createSender({ timeoutMs: 5000, allowPrivate: true, ca });
    try {
      return await sender.send({ url: `${receiver.url}/hook`, headers: { 'content-type': 'application/json' }, body, requireHttps: true });
    } finally {
      await sender.close();
    }
  };

  it('a CA in the system store (SSL_CERT_FILE or SSL_CERT_DIR) is trusted', async () => {
    expect(await deliverWith(trustedCertificates({ SSL_CERT_FILE: certificates.caPath }))).toMatchObject({ statusCode: 200, failure: null });
    expect(await deliverWith(trustedCertificates({ SSL_CERT_DIR: dirname(certificates.caPath) }))).toMatchObject({ statusCode: 200, failure: null });
  });

  it('a CA in NODE_EXTRA_CA_CERTS is trusted, with the bundled ones kept', async () => {
    const trusted = trustedCertificates({ NODE_EXTRA_CA_CERTS: certificates.caPath, SSL_CERT_FILE: '/nonexistent' });
    expect(trusted).toEqual(expect.arrayContaining([...rootCertificates]));
    expect(await deliverWith(trusted)).toMatchObject({ statusCode: 200, failure: null });
  });

  it('a CA in neither is refused as a TLS failure', async () => {
    const result = await deliverWith(trustedCertificates({ SSL_CERT_FILE: '/nonexistent' }));
    expect(result).toMatchObject({ statusCode: null, failure: { error: 'tls' } });
  });
});
