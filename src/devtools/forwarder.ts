import { signatureHeaders } from '../webhooks/signing.js';

/** An event as the live feed delivers it, the same envelope a webhook carries. */
export interface Envelope {
  id: string;
  evento: string;
  dataHora: string;
  data: unknown;
}

export interface ForwardResult {
  /** The receiver's HTTP status; undefined when there was no answer. */
  status?: number;
  /** Why there was no answer (connection refused, timeout…). */
  error?: string;
  ms: number;
}

export const LISTEN_USER_AGENT = 'Ponte-Listen/1.0';

/** The webhook body: the envelope's four members in the webhooks' order, so the bytes are the dispatcher's. */
export function webhookBody(envelope: Envelope): string {
  return JSON.stringify({ id: envelope.id, evento: envelope.evento, dataHora: envelope.dataHora, data: envelope.data });
}

/**
 * POSTs one envelope to the local receiver as the dispatcher would: JSON body, Standard
 * Webhooks headers signed with `secret` (the event id as `webhook-id`, so a receiver's
 * dedupe sees a retry as the same message), `webhook-attempt`, no redirects followed, a
 * timeout. Any answer is reported, never thrown: a receiver that is down is news, not a crash.
 */
export async function forwardEnvelope(
  target: string,
  envelope: Envelope,
  options: { secret: string; attempt: number; timeoutMs: number },
): Promise<ForwardResult> {
  const body = webhookBody(envelope);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(target, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': LISTEN_USER_AGENT,
        'webhook-attempt': String(options.attempt),
        ...signatureHeaders([options.secret], { id: envelope.id, timestamp: new Date(), body }),
      },
      body,
    });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status, ms: elapsed() };
  } catch (error) {
    return { error: describeFailure(error, options.timeoutMs), ms: elapsed() };
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const failure = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  return failure.cause?.code ?? failure.cause?.message ?? failure.message ?? String(error);
}

export const succeeded = (result: ForwardResult) => result.status !== undefined && result.status >= 200 && result.status < 300;
