import type { ComponentChildren } from 'preact';
import type { ApiError } from '../api/client';
import type { QueryState } from '../api/hooks';
import type { Catalogue } from '../i18n/catalogue';
import { useT } from '../i18n/locale';

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <p class="state loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      {label ?? t.app.loading}
    </p>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="state empty">{children}</p>;
}

/** What a failed request says to the reader: the API's own message, or the console's when the API said nothing. */
export function errorText(error: ApiError, t: Catalogue): string {
  if (error.code === 'NETWORK') return t.app.unreachable;
  return error.message || t.app.answered(error.status);
}

export function ErrorNotice({ error, retry }: { error: ApiError; retry?: () => void }) {
  const t = useT();
  return (
    <div class="state error" role="alert">
      <p>{errorText(error, t)}</p>
      {retry && (
        <button type="button" onClick={retry}>
          {t.app.tryAgain}
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

/** A failure the service recorded (a platform's refusal, a sync's last error), in the service's words: English. */
export function ErrorText({ text }: { text: string | null | undefined }) {
  const t = useT();
  if (!text) return <span class="muted">{t.app.none}</span>;
  return (
    <span class="error-text" lang="en">
      {text}
    </span>
  );
}
