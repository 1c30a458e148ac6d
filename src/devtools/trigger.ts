import { bearer, type ApiSettings } from './ponte-api.js';

export interface TriggerOptions {
  settings: ApiSettings;
  evento: string;
  json: boolean;
  out(line: string): void;
  note(line: string): void;
}

interface Problem {
  code?: string;
  detail?: string;
  errors?: { path: string; message: string }[];
}

/**
 * `ponte trigger <evento>`: asks the service to make the change behind the event
 * (`POST /simulador/eventos`) and prints what it did. The service refuses a live seller's
 * token before changing anything; the refusal is printed as it came, with exit code 1.
 */
export async function trigger(options: TriggerOptions): Promise<number> {
  let response: Response;
  try {
    response = await fetch(`${options.settings.httpUrl}/simulador/eventos`, {
      method: 'POST',
      headers: { authorization: bearer(options.settings), 'content-type': 'application/json' },
      body: JSON.stringify({ evento: options.evento }),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    options.note(`ponte trigger: cannot reach ${options.settings.httpUrl} (${cause ?? (error as Error).message}); is the service running (npm start)?`);
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as { evento?: string; summary?: string } & Problem;
  if (response.status === 201) {
    options.out(options.json ? JSON.stringify(body) : `${body.evento}: ${body.summary}`);
    return 0;
  }
  options.note(`ponte trigger: ${refusal(response.status, body, options.evento)}`);
  return 1;
}

function refusal(status: number, problem: Problem, evento: string): string {
  if (status === 401) return 'PONTE_TOKEN was refused (unknown, revoked or malformed); nothing was changed';
  if (status === 403) return `refused: ${problem.detail ?? 'forbidden'}`;
  if (status === 422 && problem.errors?.some((error) => error.path === '/evento')) {
    return `"${evento}" cannot be triggered: ${problem.errors.find((error) => error.path === '/evento')!.message}; nothing was changed`;
  }
  return `${problem.code ?? status}: ${problem.detail ?? 'the service refused'}${problem.errors ? ` (${problem.errors.map((error) => `${error.path} ${error.message}`).join('; ')})` : ''}`;
}
