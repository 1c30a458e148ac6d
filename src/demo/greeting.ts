import { DEMO_APPLICATION, DEMO_CHANNELS, DEMO_PRODUCTS } from './demo-catalogue.js';
import type { DemoSeller } from './demo-seller.js';
import { SIMULATOR_CHANNEL } from '../simulator/sandbox.js';
import { generateWebhookSecret } from '../webhooks/signing.js';

/**
 * What the first start prints: the demo seller's secrets as shell variables, the names
 * README.md's "First requests" and docs/guides/test-your-integration.md use, so their
 * commands run as printed. PONTE_WEBHOOK_SECRET is no server secret: `ponte listen` signs
 * with it and the guide's receiver verifies with it, so both agree without a copy by hand.
 */
export function demoGreeting(url: string, demo: DemoSeller, webhookSecret = generateWebhookSecret()): string {
  const query = JSON.stringify({ query: '{ viewer { seller { id name } scopes } }' });
  return `
Demo seller created (a sandbox seller): channels ${DEMO_CHANNELS.map((channel) => channel.code).join(' and ')} and the simulated marketplace ${SIMULATOR_CHANNEL}, products ${DEMO_PRODUCTS.map((product) => product.sku).join(', ')} with stock, and the installed application "${DEMO_APPLICATION}".
Its API token (every scope) and the application's credential are shown once, with a secret for ponte listen and your webhook receiver:

  export PONTE_URL=${url}
  export PONTE_TOKEN=${demo.token}
  export PONTE_APP=${demo.applicationCredential}
  export PONTE_WEBHOOK_SECRET=${webhookSecret}

Try it (README.md, "First requests", goes on from here):
  curl -s ${url}/graphql -H 'authorization: Bearer ${demo.token}' -H 'content-type: application/json' -d '${query}'

Test a webhook receiver (docs/guides/test-your-integration.md): in another terminal in this folder, paste the export lines, then
  node docs/guides/examples/receiver.mjs &
  npx ponte listen --forward-to http://127.0.0.1:3000/hook &
  npx ponte trigger pedido.criado
`;
}
