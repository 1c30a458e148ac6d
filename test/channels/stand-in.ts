import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** A request a stand-in received. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type StandInHandler = (request: SeenRequest) => { status: number; body?: unknown; headers?: Record<string, string>; raw?: string } | Promise<{ status: number; body?: unknown; headers?: Record<string, string>; raw?: string }>;

/**
 * A platform's API on 127.0.0.1, answering as the documented endpoints do: the test gives
 * one handler per `METHOD /path` (regular expressions), and reads what was asked.
 */
export class StandIn {
  readonly seen: SeenRequest[] = [];
  private server: Server | undefined;
  url = '';

  constructor(private readonly routes: [RegExp, StandInHandler][]) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const seen = { method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
    this.seen.push(seen);
    const route = this.routes.find(([pattern]) => pattern.test(`${seen.method} ${seen.path}`));
    const answer = route ? await route[1](seen) : { status: 404, body: { message: 'not found', error: 'not_found', status: 404 } };
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
  }
}
