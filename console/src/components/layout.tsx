import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { useEffect, useRef } from 'preact/hooks';
import { Scope } from '../generated/graphql';
import type { Catalogue } from '../i18n/catalogue';
import { useT } from '../i18n/locale';
import { PreferencePickers } from '../i18n/preferences';
import { useSession } from '../session-context';
import { scopeLabel } from '../wire-names';

/** The pages and the scope each needs: a page the token cannot use is not offered. */
const PAGES: { href: string; label(t: Catalogue): string; allowed(can: (scope: Scope) => boolean): boolean }[] = [
  { href: '/console', label: (t) => t.nav.overview, allowed: () => true },
  { href: '/console/orders', label: (t) => t.nav.orders, allowed: (can) => can(Scope.OrdersRead) },
  { href: '/console/stock', label: (t) => t.nav.stock, allowed: (can) => can(Scope.CatalogRead) },
  { href: '/console/channels', label: (t) => t.nav.channels, allowed: (can) => can(Scope.CatalogRead) },
  { href: '/console/webhooks', label: (t) => t.nav.webhooks, allowed: (can) => can(Scope.WebhooksRead) },
  { href: '/console/live', label: (t) => t.nav.live, allowed: (can) => can(Scope.OrdersRead) || can(Scope.CatalogRead) },
  { href: '/console/tokens', label: (t) => t.nav.tokens, allowed: () => true },
];

function isCurrent(href: string, path: string): boolean {
  return href === '/console' ? path === '/console' || path === '/console/' : path.startsWith(href);
}

export function Layout({ children }: { children: ComponentChildren }) {
  const { viewer, can, signOut } = useSession();
  const t = useT();
  const { path } = useLocation();
  const main = useRef<HTMLElement>(null);
  // After navigating, focus moves to the page so keyboard and screen-reader users start there.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else main.current?.focus();
  }, [path]);
  return (
    <div class="shell">
      <a class="skip" href="#main">
        {t.nav.skip}
      </a>
      <header class="top">
        <span class="brand">Ponte</span>
        <nav aria-label={t.nav.label}>
          <ul>
            {PAGES.filter((page) => page.allowed(can)).map((page) => (
              <li key={page.href}>
                <a href={page.href} aria-current={isCurrent(page.href, path) ? 'page' : undefined}>
                  {page.label(t)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <span title={viewer.scopes.map(scopeLabel).join(' ')}>{viewer.seller.name}</span>
          {viewer.sandbox && (
            <span class="badge warn" title={t.nav.sandboxHint}>
              {t.nav.sandbox}
            </span>
          )}
          <button type="button" onClick={signOut}>
            {t.nav.signOut}
          </button>
        </div>
        <PreferencePickers />
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
