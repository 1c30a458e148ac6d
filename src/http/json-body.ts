import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies are decoded strictly: bytes that are not UTF-8 answer 400 instead of
 * reaching a field as U+FFFD, which would store text the client never sent. Parsing
 * itself stays Fastify's (prototype-poisoning checks included).
 */
export function parseJsonStrictly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new AppError('BAD_REQUEST', 'The body is not valid UTF-8'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
