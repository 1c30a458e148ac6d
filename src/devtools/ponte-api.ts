/** Where `ponte listen` and `ponte trigger` reach the service, and as whom: PONTE_URL and PONTE_TOKEN, as the first start prints them. */
export interface ApiSettings {
  /** The service's base URL (`http://127.0.0.1:4000`). */
  httpUrl: string;
  /** Its GraphQL WebSocket endpoint (`ws://127.0.0.1:4000/graphql`). */
  wsUrl: string;
  token: string;
}

/** A missing or unusable setting: the CLI prints the message and exits 2. */
export class SettingsError extends Error {}

const DEFAULT_URL = 'http://127.0.0.1:4000';

export function apiSettings(env: NodeJS.ProcessEnv): ApiSettings {
  const token = env.PONTE_TOKEN?.trim();
  if (!token) throw new SettingsError('PONTE_TOKEN is not set: export the token the first start printed (export PONTE_TOKEN=ponte_sk_test_…)');
  const raw = env.PONTE_URL?.trim() || DEFAULT_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingsError(`PONTE_URL is not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SettingsError(`PONTE_URL must be http(s)://…, not ${raw}`);
  const base = url.href.replace(/\/+$/, '');
  return { httpUrl: base, wsUrl: `${base.replace(/^http/, 'ws')}/graphql`, token };
}

/** The Authorization header of these settings. */
export const bearer = (settings: ApiSettings) => `Bearer ${settings.token}`;
