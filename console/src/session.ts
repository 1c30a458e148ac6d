/**
 * The pasted token lives in sessionStorage: it is kept for this tab only and forgotten
 * when the tab closes, never written where another tab or a later visit could read it.
 */
const TOKEN_KEY = 'ponte.console.token';

export function storedToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function keepToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function forgetToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}
