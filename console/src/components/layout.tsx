import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { useEffect, useRef } from 'preact/hooks';
import { Scope } from '../generated/graphql';
import { useSession } from '../session-context';
import { scopeLabel } from '../wire-names';

/** The pages and the scope each needs: a page the token cannot use is not offered. */
const PAGES: { href: string; label: string; allowed(can: (scope: Scope) => boolean): boolean }[] = [
  { href: '/console', label: 'Overview', allowed: () => true },
  { href: '/console/orders', label: 'Orders', allowed: (can) => can(Scope.OrdersRead) },
  { href: '/console/stock', label: 'Stock', allowed: (can) => can(Scope.CatalogRead) },
  { href: '/console/webhooks', label: 'Webhooks', allowed: (can) => can(Scope.WebhooksRead) },
  { href: '/console/live', label: 'Live', allowed: (can) => can(Scope.OrdersRead) || can(Scope.CatalogRead) },
  { href: '/console/tokens', label: 'Tokens & apps', allowed: () => true },
];

function isCurrent(href: string, path: string): boolean {
  return href === '/console' ? path === '/console' || path === '/console/' : path.startsWith(href);
}

export function Layout({ children }: { children: ComponentChildren }) {
  const { viewer, can, signOut } = useSession();
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
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Ponte</span>
        <nav aria-label="Console">
          <ul>
            {PAGES.filter((page) => page.allowed(can)).map((page) => (
              <li key={page.href}>
                <a href={page.href} aria-current={isCurrent(page.href, path) ? 'page' : undefined}>
                  {page.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <span title={viewer.scopes.map(scopeLabel).join(' ')}>{viewer.seller.name}</span>
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
