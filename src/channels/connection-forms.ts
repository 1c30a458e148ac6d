import type { ChannelConnector } from './connector.js';
import { CONNECTORS } from './connectors.js';

/** One credential a platform's connection takes, as a form asks for it. */
export interface CredentialFieldView {
  name: string;
  description: string;
  /** Typed into a masked field (and, like every credential, never shown back). */
  secret: boolean;
  required: boolean;
}

/** What a form needs to connect a channel to one platform. */
export interface PlatformFormView {
  platform: string;
  title: string;
  credentialFields: CredentialFieldView[];
  /** The API host a connection without `apiBaseUrl` uses; `{name}` stands for that credential's value. */
  apiBaseUrlDefault: string;
}

/**
 * The platforms' connection forms, read from the connectors themselves (their credential
 * schemas, identifiers and default API host): a new connector brings its form along, and
 * no client keeps its own copy of the list.
 */
export const PLATFORM_FORMS: readonly PlatformFormView[] = CONNECTORS.map((connector) => formOf(connector as ChannelConnector<object>));

/** The most credentials a platform takes: what a form's field list holds at most. */
export const CREDENTIAL_FIELDS_MAX = Math.max(...PLATFORM_FORMS.map((form) => form.credentialFields.length));

function formOf(connector: ChannelConnector<object>): PlatformFormView {
  const { properties } = connector.credentials;
  const required = new Set<string>(connector.credentials.required ?? []);
  const identifiers = new Set<string>(connector.identifiers ?? []);
  return {
    platform: connector.platform,
    title: connector.title,
    credentialFields: Object.entries(properties).map(([name, schema]) => ({
      name,
      description: String((schema as { description?: unknown }).description ?? name),
      secret: !identifiers.has(name),
      required: required.has(name),
    })),
    apiBaseUrlDefault: connector.defaultApiBaseUrl(namedPlaceholders() as never),
  };
}

/** Credentials whose every value is its own name in braces: the default API host then reads as a template. */
function namedPlaceholders(): Record<string, string> {
  return new Proxy({}, { get: (_, name) => `{${String(name)}}` });
}
