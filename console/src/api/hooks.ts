import { useCallback, useEffect, useState } from 'preact/hooks';
import type { TypedDocumentString } from '../generated/graphql';
import { useSession } from '../session-context';
import { ApiError, execute } from './client';

export interface QueryState<Result> {
  data: Result | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload(): void;
}

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(String(error), undefined, 0);
}

/**
 * Runs a query as the signed-in token; runs again when the variables change or on reload.
 * With `skip` it does not run (nothing to ask, or the token may not ask it).
 */
export function useQuery<Result, Variables>(document: TypedDocumentString<Result, Variables>, variables: Variables, options: { skip?: boolean } = {}): QueryState<Result> {
  const { token, signOut } = useSession();
  const key = JSON.stringify(variables);
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ data?: Result; error?: ApiError; loading: boolean }>({ loading: !options.skip });
  useEffect(() => {
    if (options.skip) return;
    let current = true;
    setState((previous) => ({ data: previous.data, loading: true }));
    execute(token, document, variables).then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => {
        const failure = asApiError(error);
        if (failure.unauthenticated) signOut();
        if (current) setState({ error: failure, loading: false });
      },
    );
    return () => {
      current = false;
    };
  }, [token, document, key, version, options.skip]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export interface MutationState<Result, Variables> {
  run(variables: Variables): Promise<Result | undefined>;
  busy: boolean;
  error: ApiError | undefined;
}

/** A mutation to run on demand; its error is kept to show beside the control that ran it. */
export function useMutation<Result, Variables>(document: TypedDocumentString<Result, Variables>): MutationState<Result, Variables> {
  const { token, signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const run = useCallback(
    async (variables: Variables) => {
      setBusy(true);
      setError(undefined);
      try {
        return await execute(token, document, variables);
      } catch (caught) {
        const failure = asApiError(caught);
        if (failure.unauthenticated) signOut();
        setError(failure);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [token, document],
  );
  return { run, busy, error };
}
