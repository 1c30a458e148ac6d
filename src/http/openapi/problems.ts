import { ERROR_STATUS, type ErrorCode } from '../../errors.js';
import { PROBLEM_CONTENT_TYPE, TITLES } from '../problem.js';
import { problemTypeUri } from '../problem-catalogue.js';
import type { OpenApiDocument, Operation } from './document-types.js';
import { PROBLEMS_KEY } from './operations.js';

export const PROBLEM_REF = '#/components/schemas/Problem';

/**
 * Adds the errors `describeOperation` derived for each operation as responses that point
 * at the one `Problem` component; a route's own problem responses (e.g. its 409) keep
 * their description and point there too. Codes sharing a status are listed together in
 * the description, each with the URI of its page in the error catalogue.
 */
export function documentProblems(document: OpenApiDocument): void {
  for (const operation of operationsOf(document)) {
    const derived = (operation[PROBLEMS_KEY] as ErrorCode[] | undefined) ?? [];
    delete operation[PROBLEMS_KEY];
    const responses = (operation.responses ??= {});
    for (const response of Object.values(responses)) {
      const content = response.content?.[PROBLEM_CONTENT_TYPE];
      if (content) content.schema = { $ref: PROBLEM_REF };
    }
    for (const [status, codes] of byStatus(derived)) {
      if (responses[status]) continue;
      responses[status] = {
        description: codes.map((code) => `${TITLES[code]} (${code}, ${problemTypeUri(code)})`).join('; '),
        content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: PROBLEM_REF } } },
      };
    }
    operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  }
}

function byStatus(codes: ErrorCode[]): Map<string, ErrorCode[]> {
  const statuses = new Map<string, ErrorCode[]>();
  for (const code of codes) {
    const status = String(ERROR_STATUS[code]);
    statuses.set(status, [...(statuses.get(status) ?? []), code]);
  }
  return statuses;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.values(document.paths ?? {}).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([, operation]) => operation as Operation),
  );
}

export const HTTP_METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);
