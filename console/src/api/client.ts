import type { TypedDocumentString } from '../generated/graphql';

/** A refused or failed operation, with the API's own message and code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    /** The HTTP status when the request itself was refused (401 for a bad token). */
    readonly status: number,
  ) {
    super(message);
  }

  get unauthenticated(): boolean {
    return this.status === 401 || this.code === 'UNAUTHENTICATED';
  }
}

interface GraphQLAnswer<Result> {
  data?: Result | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** Runs one typed operation against the service's /graphql as the given token. */
export async function execute<Result, Variables>(
  token: string,
  document: TypedDocumentString<Result, Variables>,
  variables: Variables,
): Promise<Result> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query: document.toString(), variables }),
    });
  } catch {
    // The console words this one (errorText): the reader's language, not the API's.
    throw new ApiError('', 'NETWORK', 0);
  }
  const answer = (await response.json().catch(() => ({}))) as GraphQLAnswer<Result> & { title?: string; detail?: string; code?: string };
  const [first] = answer.errors ?? [];
  if (first) throw new ApiError(first.message, first.extensions?.code, response.status);
  if (!response.ok || !answer.data) {
    throw new ApiError(answer.detail ?? answer.title ?? '', answer.code, response.status);
  }
  return answer.data;
}
