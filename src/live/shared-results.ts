import { createSourceEventStream, execute, print, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { Principal } from '../auth/auth.service.js';
import { EventStream } from './event-stream.js';

/** How one subscription's events reach its socket. */
export interface Delivery {
  /** The subscription's id on its connection (graphql-ws `next` messages carry it). */
  id: string;
  /** Subscriptions with the same audience get the same result for the same event (see audienceOf). */
  audience: string;
  /**
   * Writes one message. Returns nothing when the socket took it at once, or a promise that
   * settles once it does, so a subscriber that stops reading holds its next events back
   * (and overflows its buffer) instead of queueing them in the socket.
   */
  send(message: string): Promise<void> | undefined;
  /** The result as it goes on the wire: errors masked as over HTTP. */
  format(result: ExecutionResult): unknown;
}

/**
 * What decides a subscription's result for an event besides the event itself: the seller
 * and scopes of its token (field authorization) and the operation with its variables
 * (selection, arguments, hence the event filter). Two subscriptions alike in all of these
 * get byte-identical results.
 */
export function audienceOf(principal: Principal, args: Pick<ExecutionArgs, 'document' | 'operationName' | 'variableValues'>): string {
  return JSON.stringify([principal.sellerId, [...principal.scopes].sort(), print(args.document), args.operationName ?? null, args.variableValues ?? null]);
}

/**
 * Subscriptions over graphql-ws, executed and serialised once per event and audience
 * rather than once per subscriber. graphql-js's `subscribe` runs the selection for each
 * subscriber and graphql-ws stringifies each result: with a thousand subscribers to one
 * seller's events that is a thousand identical executions. Here the source stream is
 * still opened per subscriber (its resolver checks scopes and arguments, registers it
 * with the hub, replays `after`), so each subscriber still receives only the events of
 * its seller and filter, in its own order, one at a time; only the result text is shared,
 * held on the event object the hub hands to every stream, and written as a `next`
 * message under the subscriber's own id.
 *
 * The stream pushes its events (EventStream.pushTo): the hub's offer writes an idle
 * subscriber's socket at once, so one event reaches a thousand sockets in one turn of the
 * event loop rather than through a chain of promises per subscriber. The iterator handed
 * to graphql-ws therefore never yields: its `next()` settles when the stream ends, so
 * graphql-ws still sends `complete` and `error`, and still ends the stream when the client
 * completes or the socket closes.
 */
export class SharedResults {
  /** Per source event (the hub's envelope object): audience → the serialised result, or its execution while it runs. */
  private readonly results = new WeakMap<object, Map<string, string | Promise<string>>>();

  async subscribe(args: ExecutionArgs, delivery: Delivery): Promise<ExecutionResult | AsyncIterableIterator<ExecutionResult>> {
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source;
    if (!(source instanceof EventStream)) throw new Error('live subscriptions must return the hub\'s EventStream');
    const head = `{"id":${JSON.stringify(delivery.id)},"type":"next","payload":`;
    const deliver = (envelope: object): Promise<void> | undefined => {
      const result = this.resultOf(envelope, args, delivery);
      if (typeof result === 'string') return delivery.send(`${head}${result}}`);
      return result.then((text) => delivery.send(`${head}${text}}`));
    };
    let pushed: Promise<void> | undefined;
    const stream: AsyncIterableIterator<ExecutionResult> = {
      async next(): Promise<IteratorResult<ExecutionResult>> {
        await (pushed ??= source.pushTo(deliver));
        return { done: true, value: undefined };
      },
      async return(): Promise<IteratorResult<ExecutionResult>> {
        await source.return();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]() {
        return stream;
      },
    };
    return stream;
  }

  /**
   * The first subscriber of an audience to take an event executes it (as graphql-js would,
   * the event as root value); the others reuse the text, at once when it is ready.
   */
  private resultOf(event: object, args: ExecutionArgs, delivery: Delivery): string | Promise<string> {
    let byAudience = this.results.get(event);
    if (!byAudience) this.results.set(event, (byAudience = new Map()));
    const known = byAudience.get(delivery.audience);
    if (known !== undefined) return known;
    const serialise = (executed: ExecutionResult) => JSON.stringify(delivery.format(executed));
    const executed = execute({ ...args, rootValue: event });
    if (!(executed instanceof Promise)) {
      const text = serialise(executed);
      byAudience.set(delivery.audience, text);
      return text;
    }
    const running = executed.then((result) => {
      const text = serialise(result);
      byAudience.set(delivery.audience, text);
      return text;
    });
    byAudience.set(delivery.audience, running);
    return running;
  }
}
