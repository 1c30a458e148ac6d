import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';

/** Paste a token to sign in; it is kept for this tab only. */
export function SignInPage({ error, onToken }: { error?: ApiError; onToken(token: string): void }) {
  const [token, setToken] = useState('');
  return (
    <main class="sign-in">
      <h1>Ponte console</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (token.trim()) onToken(token.trim());
        }}
      >
        <label for="token">API token</label>
        <input id="token" name="token" type="password" autoComplete="off" autoFocus placeholder="ponte_sk_…" value={token} onInput={(event) => setToken(event.currentTarget.value)} required />
        <p class="hint">Kept in this tab only: closing the tab signs you out. What the token's scopes do not allow is hidden.</p>
        {error && (
          <p class="state error" role="alert">
            {error.unauthenticated ? 'This token is not valid (unknown or revoked).' : error.message}
          </p>
        )}
        <button type="submit" class="primary">
          Sign in
        </button>
      </form>
    </main>
  );
}
