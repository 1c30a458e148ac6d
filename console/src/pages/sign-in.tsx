import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { errorText } from '../components/states';
import { useT } from '../i18n/locale';
import { PreferencePickers } from '../i18n/preferences';

/** Paste a token to sign in; it is kept for this tab only. */
export function SignInPage({ error, onToken }: { error?: ApiError; onToken(token: string): void }) {
  const t = useT();
  const [token, setToken] = useState('');
  return (
    <main class="sign-in">
      <h1>{t.app.title}</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (token.trim()) onToken(token.trim());
        }}
      >
        <label for="token">{t.signIn.token}</label>
        <input id="token" name="token" type="password" autoComplete="off" autoFocus placeholder="ponte_sk_…" value={token} onInput={(event) => setToken(event.currentTarget.value)} required />
        <p class="hint">{t.signIn.hint}</p>
        {error && (
          <p class="state error" role="alert">
            {error.unauthenticated ? t.signIn.invalid : errorText(error, t)}
          </p>
        )}
        <button type="submit" class="primary">
          {t.signIn.submit}
        </button>
      </form>
      <PreferencePickers timeZone={false} />
    </main>
  );
}
