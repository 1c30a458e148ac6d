import { useRef, useState } from 'preact/hooks';
import { platformTitle, useChannelPlatforms, type ChannelPlatform } from '../api/channel-platforms';
import { useMutation, useQuery } from '../api/hooks';
import { AttentionOrders } from '../components/attention';
import { ConnectionBadge } from '../components/connection-badge';
import { Empty, ErrorNotice, ErrorText, QueryView } from '../components/states';
import { Time } from '../components/time';
import {
  ChannelDetailDocument,
  ConnectChannelDocument,
  DisconnectChannelDocument,
  Scope,
  type ChannelConnectionViewFragment,
  type ChannelDetailQuery,
} from '../generated/graphql';
import { useT } from '../i18n/locale';
import { useSession } from '../session-context';
import { channelName } from './channels';
import { ListingLinks, SyncLog } from './channel-syncs';

type Channel = NonNullable<ChannelDetailQuery['channel']>;

export function ChannelPage({ code }: { code: string }) {
  const t = useT();
  const query = useQuery(ChannelDetailDocument, { code });
  return (
    <section>
      <p>
        <a href="/console/channels">{t.channel.back}</a>
      </p>
      <QueryView query={query}>{({ channel }) => (channel ? <ChannelDetail channel={channel} onChanged={query.reload} /> : <Empty>{t.channel.notFound}</Empty>)}</QueryView>
    </section>
  );
}

function ChannelDetail({ channel, onChanged }: { channel: Channel; onChanged(): void }) {
  const { can } = useSession();
  const t = useT();
  const platforms = useChannelPlatforms();
  const { connection } = channel;
  return (
    <>
      <h1>
        {channelName(channel)} <ConnectionBadge connection={connection} />
      </h1>
      {connection ? <ConnectionFacts connection={connection} platforms={platforms} /> : <Empty>{t.channel.notConnected}</Empty>}
      {can(Scope.CatalogWrite) && (
        <div class="actions">
          <ConnectForm code={channel.code} current={connection} platforms={platforms} onConnected={onChanged} />
          {connection && <Disconnect channel={channel} onDisconnected={onChanged} />}
        </div>
      )}
      {can(Scope.OrdersRead) && <AttentionOrders channel={channel.code} quiet />}
      {connection && (
        <>
          <ListingLinks code={channel.code} />
          <SyncLog code={channel.code} />
        </>
      )}
    </>
  );
}

function ConnectionFacts({ connection, platforms }: { connection: ChannelConnectionViewFragment; platforms: readonly ChannelPlatform[] }) {
  const t = useT();
  return (
    <>
      <dl class="facts">
        <div>
          <dt>{t.channels.platform}</dt>
          <dd>{platformTitle(platforms, connection.platform)}</dd>
        </div>
        <div>
          <dt>{t.channel.apiBaseUrl}</dt>
          <dd class="url">{connection.apiBaseUrl}</dd>
        </div>
        <div>
          <dt>{t.channel.connectedAt}</dt>
          <dd>
            <Time value={connection.createdAt} />
          </dd>
        </div>
        <div>
          <dt>{t.channels.lastOrder}</dt>
          <dd>
            <Time value={connection.lastOrderAt} />
          </dd>
        </div>
        <div>
          <dt>{t.channels.lastSync}</dt>
          <dd>
            <Time value={connection.lastSyncAt} />
          </dd>
        </div>
        <div>
          <dt>{t.channels.lastError}</dt>
          <dd>
            <ErrorText text={connection.lastError} />
          </dd>
        </div>
      </dl>
      {connection.status === 'unauthorized' && (
        <p class="notice" role="status">
          {t.channel.unauthorized}
        </p>
      )}
      <InboundUrl url={connection.inboundUrl} />
    </>
  );
}

/**
 * The address the platform posts its webhooks or notifications to, with a button that
 * copies it. Where the browser refuses the clipboard, the address is selected instead,
 * for the reader to copy.
 */
function InboundUrl({ url }: { url: string }) {
  const t = useT();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'copied' | 'selected' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      field.current?.select();
      setCopied('selected');
    }
  };
  return (
    <div class="inbound">
      <label>
        {t.channel.inboundUrl}
        <input ref={field} class="url-field" readOnly value={url} onFocus={(event) => event.currentTarget.select()} aria-describedby="inbound-hint" />
      </label>
      <button type="button" onClick={copy}>
        {t.channel.copy}
      </button>
      <span role="status">{copied && (copied === 'copied' ? t.channel.copied : t.channel.selected)}</span>
      <p id="inbound-hint" class="hint">
        {t.channel.inboundHint}
      </p>
    </div>
  );
}

/**
 * Connects the channel to a platform, or replaces its credentials: one form per platform,
 * its fields the platform's credentials as the service lists them. Secrets are typed
 * into masked fields and forgotten once sent; the service never shows them back.
 */
function ConnectForm({ code, current, platforms, onConnected }: { code: string; current: ChannelConnectionViewFragment | null | undefined; platforms: readonly ChannelPlatform[]; onConnected(): void }) {
  const t = useT();
  const connect = useMutation(ConnectChannelDocument);
  const box = useRef<HTMLDetailsElement>(null);
  const [chosen, setChosen] = useState(current?.platform ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [apiBaseUrl, setApiBaseUrl] = useState('');
  const platform = platforms.find((entry) => entry.platform === (chosen || platforms[0]?.platform));
  const forget = () => {
    setValues({});
    setApiBaseUrl('');
  };
  return (
    <details class="create" ref={box}>
      <summary>{current ? t.channel.replace : t.channel.connect}</summary>
      <form
        class="inline-form"
        aria-label={current ? t.channel.replace : t.channel.connect}
        onSubmit={async (event) => {
          event.preventDefault();
          if (!platform) return;
          const credentials = platform.credentialFields.filter((field) => values[field.name]).map((field) => ({ name: field.name, value: values[field.name]! }));
          const result = await connect.run({ input: { code, platform: platform.platform, apiBaseUrl: apiBaseUrl.trim() || undefined, credentials } });
          if (result) {
            forget();
            if (box.current) box.current.open = false;
            onConnected();
          }
        }}
      >
        <label>
          {t.channels.platform}
          <select
            value={platform?.platform ?? ''}
            onChange={(event) => {
              setChosen(event.currentTarget.value);
              forget();
            }}
          >
            {platforms.map((entry) => (
              <option key={entry.platform} value={entry.platform}>
                {entry.title}
              </option>
            ))}
          </select>
        </label>
        {platform?.credentialFields.map((field) => (
          <div class="field" key={`${platform.platform}.${field.name}`}>
            <label>
              {field.name}
              <input
                type={field.secret ? 'password' : 'text'}
                autoComplete={field.secret ? 'new-password' : 'off'}
                spellcheck={false}
                required={field.required}
                value={values[field.name] ?? ''}
                onInput={(event) => setValues({ ...values, [field.name]: event.currentTarget.value })}
                aria-describedby={`credential-${field.name}`}
              />
            </label>
            <span id={`credential-${field.name}`} class="hint" lang="en">
              {field.description}
            </span>
          </div>
        ))}
        {platform && (
          <div class="field">
            <label>
              {t.channel.apiBaseUrl}
              <input type="url" value={apiBaseUrl} placeholder={platform.apiBaseUrlDefault} onInput={(event) => setApiBaseUrl(event.currentTarget.value)} aria-describedby="api-base-url-hint" />
            </label>
            <span id="api-base-url-hint" class="hint">
              {t.channel.apiBaseUrlHint(platform.apiBaseUrlDefault)}
            </span>
          </div>
        )}
        <button type="submit" class="primary" disabled={connect.busy || !platform}>
          {current ? t.channel.replaceSubmit : t.channel.connectSubmit}
        </button>
        {connect.error && <ErrorNotice error={connect.error} />}
      </form>
    </details>
  );
}

function Disconnect({ channel, onDisconnected }: { channel: Channel; onDisconnected(): void }) {
  const t = useT();
  const disconnect = useMutation(DisconnectChannelDocument);
  return (
    <>
      <button
        type="button"
        class="danger"
        disabled={disconnect.busy}
        onClick={async () => {
          if (confirm(t.channel.confirmDisconnect(channelName(channel))) && (await disconnect.run({ code: channel.code }))) onDisconnected();
        }}
      >
        {t.channel.disconnect}
      </button>
      {disconnect.error && <ErrorNotice error={disconnect.error} />}
    </>
  );
}
