import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, notFound, type ErrorCode } from '../errors.js';
import { TITLES } from './problem.js';
import { PROBLEM_CODES, PROBLEM_PAGES, PROBLEMS_PATH, problemCodeOfSlug, problemSlug, problemTypeUri } from './problem-catalogue.js';

/**
 * Serves the error catalogue where the problems' `type` URIs point: `/problems` lists
 * every type (an anchor each), `/problems/<type>` is one type's page. Public, like the
 * OpenAPI documents.
 */
const PAGES_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function registerErrorPages(app: FastifyInstance): void {
  // The pages are static HTML without scripts, styles or images: nothing may load, and a
  // browser may not read them as anything else.
  const pageHeaders = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-security-policy', PAGES_CSP).header('x-content-type-options', 'nosniff');
  };
  const hidden = { schema: { hide: true }, config: { rateLimit: false as const }, onRequest: pageHeaders };
  app.get(PROBLEMS_PATH, hidden, async (_request, reply) => reply.type('text/html; charset=utf-8').send(catalogueHtml()));
  app.get<{ Params: { type: string } }>(`${PROBLEMS_PATH}/:type`, hidden, async (request, reply) => {
    const code = problemCodeOfSlug(request.params.type);
    if (!code) throw notFound('Problem type');
    return reply.type('text/html; charset=utf-8').send(page(TITLES[code], entryHtml(code, 'h1')));
  });
}

function catalogueHtml(): string {
  const entries = PROBLEM_CODES.map((code) => `<section id="${problemSlug(code)}">${entryHtml(code, 'h2')}</section>`).join('\n');
  return page('Ponte error catalogue', `<h1>Ponte error catalogue</h1>\n<p>Every error is an RFC 9457 <code>application/problem+json</code> document whose <code>type</code> is the URI of its entry here.</p>\n${entries}`);
}

function entryHtml(code: ErrorCode, heading: 'h1' | 'h2'): string {
  const { meaning, action } = PROBLEM_PAGES[code];
  return [
    `<${heading}>${escapeHtml(TITLES[code])}</${heading}>`,
    `<p><code>type</code>: <code>${problemTypeUri(code)}</code> · <code>code</code>: <code>${code}</code> · HTTP ${ERROR_STATUS[code]}</p>`,
    `<p>${inlineCode(meaning)}</p>`,
    `<p><strong>What to do:</strong> ${inlineCode(action)}</p>`,
  ].join('\n');
}

function page(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>\n${body}\n</body></html>\n`;
}

function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** docs/errors.md: the same catalogue for readers of the repository. */
export function errorCatalogueMarkdown(): string {
  const rows = PROBLEM_CODES.map((code) => `| [\`${problemTypeUri(code)}\`](#${problemSlug(code)}) | \`${code}\` | ${ERROR_STATUS[code]} | ${TITLES[code]} |`);
  const sections = PROBLEM_CODES.map((code) => {
    const { meaning, action } = PROBLEM_PAGES[code];
    return `### ${problemSlug(code)}\n\n\`${code}\`, HTTP ${ERROR_STATUS[code]}: ${meaning}\n\n**What to do:** ${action}\n`;
  });
  return [
    '# Error catalogue',
    '',
    '<!-- Printed by `npm run schema:print` from src/http/problem-catalogue.ts; `npm run schema:check` fails when it is stale. -->',
    '',
    'Every REST error is an RFC 9457 `application/problem+json` document: `type`, `title`,',
    '`status`, `detail`, `code`, `requestId`, and for validation errors `errors: [{path, in, message}]`.',
    'Its `type` is the URI of its page, served by the service: `GET /problems/<type>` (one page',
    'per type) and `GET /problems` (all of them, an anchor each). GraphQL errors carry the same',
    '`code` in `extensions.code`. The OpenAPI documents list, per operation, the statuses it can',
    'answer and the codes behind each (`schema/openapi/`, component `Problem`).',
    '',
    '| `type` | `code` | status | title |',
    '|---|---|---|---|',
    ...rows,
    '',
    ...sections,
  ].join('\n');
}
