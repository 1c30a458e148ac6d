import { createSourceEventStream, execute, print, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { Principal } from '../auth/auth.service.js';

/** How one subscription's events reach its socket. */
export interface Delivery {
  /** The subscription's id on its connection (graphql-ws `next` messages carry it). */
  id: string;
  /** Subscriptions with the same audience get the same result for the same event (see audienceOf). */
  audience: string;
  /** Writes one message; settles once the socket took it, so a subscriber that stops reading stops pulling events. */
  send(message: string): Promise<void>;
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
 * The iterator handed to graphql-ws therefore never yields: it writes each message itself
 * and ends when the stream ends, so graphql-ws still sends `complete` and `error`, and
 * still ends the stream when the client completes or the socket closes.
 */
export class SharedResults {
  /** Per source event (the hub's envelope object): audience → the serialised result. */
  private readonly results = new WeakMap<object, Map<string, Promise<string>>>();

  async subscribe(args: ExecutionArgs, delivery: Delivery): Promise<ExecutionResult | AsyncIterableIterator<ExecutionResult>> {
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source;
    const events = source[Symbol.asyncIterator]();
    const head = `{"id":${JSON.stringify(delivery.id)},"type":"next","payload":`;
    const results = this;
    const stream: AsyncIterableIterator<ExecutionResult> = {
      async next(): Promise<IteratorResult<ExecutionResult>> {
        for (;;) {
          const event = await events.next();
          if (event.done) return { done: true, value: undefined };
          try {
            await delivery.send(`${head}${await results.resultOf(event.value as object, args, delivery)}}`);
          } catch (error) {
            // As graphql-js's mapped iterator and graphql-ws's loop do: a failed event ends the stream, so the hub lets go of it.
            await events.return?.();
            throw error;
          }
        }
      },
      async return(): Promise<IteratorResult<ExecutionResult>> {
        await events.return?.();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]() {
        return stream;
      },
    };
    return stream;
  }

  /** The first subscriber of an audience to pull an event executes it (as graphql-js would, the event as root value); the others reuse the text. */
  private resultOf(event: object, args: ExecutionArgs, delivery: Delivery): Promise<string> {
    let byAudience = this.results.get(event);
    if (!byAudience) this.results.set(event, (byAudience = new Map()));
    let result = byAudience.get(delivery.audience);
    if (!result) {
      result = Promise.resolve(execute({ ...args, rootValue: event })).then((executed) => JSON.stringify(delivery.format(executed)));
      byAudience.set(delivery.audience, result);
    }
    return result;
  }
}
