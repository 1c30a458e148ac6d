import type { ComponentChildren } from 'preact';
import type { ApiError } from '../api/client';
import type { QueryState } from '../api/hooks';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p class="state loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="state empty">{children}</p>;
}

export function ErrorNotice({ error, retry }: { error: ApiError; retry?: () => void }) {
  return (
    <div class="state error" role="alert">
      <p>{error.message}</p>
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** A query's three states: loading (first load), error with retry, or its data. */
export function QueryView<Result>({ query, children }: { query: QueryState<Result>; children: (data: Result) => ComponentChildren }) {
  if (query.error) return <ErrorNotice error={query.error} retry={query.reload} />;
  if (!query.data) return <Loading />;
  return <>{children(query.data)}</>;
}
