import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { LiveEventsDocument, type EventType, type LiveEventsSubscription } from '../generated/graphql';
import { useSession } from '../session-context';
import { liveClient } from './live';

const RETRY_MS = 2_000;
/** Events that come together (a burst of orders) refresh once. */
const SETTLE_MS = 300;

/**
 * Calls `refresh` when one of these events happens, over graphql-ws: a page that shows
 * figures (the overview) moves as orders arrive. It asks for no replay: after a dropped
 * connection it refreshes once on reconnecting, which covers whatever it missed. Answers
 * whether the subscription is live. `enabled: false` subscribes to nothing.
 */
export function useLiveRefresh(types: readonly EventType[], refresh: () => void, enabled = true): boolean {
  const { token } = useSession();
  const [live, setLive] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(refresh);
  latest.current = refresh;
  const client = useMemo(() => liveClient(token), [token]);
  useEffect(() => () => void client.dispose(), [client]);

  useEffect(() => {
    if (!enabled) return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      settle ??= setTimeout(() => {
        settle = undefined;
        latest.current();
      }, SETTLE_MS);
    };
    const stopListening = client.on('connected', () => {
      setLive(true);
      if (attempt > 0) soon();
    });
    const unsubscribe = client.subscribe<LiveEventsSubscription>(
      { query: LiveEventsDocument.toString(), variables: { types: [...types] } },
      {
        next: soon,
        error: () => {
          setLive(false);
          retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
        },
        complete: () => undefined,
      },
    );
    return () => {
      clearTimeout(settle);
      clearTimeout(retry);
      stopListening();
      unsubscribe();
    };
  }, [client, types.join(','), enabled, attempt]);
  return live;
}
