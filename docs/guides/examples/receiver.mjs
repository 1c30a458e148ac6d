// A tiny webhook receiver: verifies each request's Standard Webhooks signature with the
// standardwebhooks package and prints the event. Used by test-your-integration.md:
//   PONTE_WEBHOOK_SECRET=whsec_… node docs/guides/examples/receiver.mjs
// (`ponte listen` signs with the same PONTE_WEBHOOK_SECRET; the first start prints one.)
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

if (!process.env.PONTE_WEBHOOK_SECRET) {
  console.error('PONTE_WEBHOOK_SECRET is not set: paste the export lines the first start printed');
  process.exit(1);
}
const webhook = new Webhook(process.env.PONTE_WEBHOOK_SECRET);
const port = Number(process.env.PORT ?? 3000);

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const event = webhook.verify(body, request.headers); // throws unless signed with the secret
      console.log(`verified ${event.evento} ${event.id} (webhook-id ${request.headers['webhook-id']})`);
      console.log(JSON.stringify(event.data));
      response.writeHead(204).end();
    } catch (error) {
      console.log(`refused: ${error.message}`);
      response.writeHead(400).end();
    }
  });
}).listen(port, '127.0.0.1', () => console.log(`receiver on http://127.0.0.1:${port}/hook`));
