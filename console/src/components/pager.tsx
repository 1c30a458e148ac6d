import { useState } from 'preact/hooks';
import { useT } from '../i18n/locale';

/**
 * Forward-only cursor paging (the API pages forward): the cursors of the pages before
 * are kept so "Previous" can go back. Reset when the filters change.
 */
export function useCursorPages(resetKey: string): { after: string | undefined; next(cursor: string): void; previous(): void; page: number } {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>({ key: resetKey, cursors: [undefined] });
  const cursors = state.key === resetKey ? state.cursors : [undefined];
  return {
    after: cursors[cursors.length - 1],
    page: cursors.length,
    next: (cursor) => setState({ key: resetKey, cursors: [...cursors, cursor] }),
    previous: () => setState({ key: resetKey, cursors: cursors.slice(0, -1) }),
  };
}

export function Pager({ pages, hasNextPage, endCursor }: { pages: ReturnType<typeof useCursorPages>; hasNextPage: boolean; endCursor: string | null | undefined }) {
  const t = useT();
  if (pages.page === 1 && !hasNextPage) return null;
  return (
    <nav class="pager" aria-label={t.pager.label}>
      <button type="button" disabled={pages.page === 1} onClick={pages.previous}>
        {t.pager.previous}
      </button>
      <span>{t.pager.page(pages.page)}</span>
      <button type="button" disabled={!hasNextPage || !endCursor} onClick={() => endCursor && pages.next(endCursor)}>
        {t.pager.next}
      </button>
    </nav>
  );
}
