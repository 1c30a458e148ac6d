import { platformTitle, useChannelPlatforms } from '../api/channel-platforms';
import { useQuery } from '../api/hooks';
import { AttentionOrders } from '../components/attention';
import { ConnectionBadge } from '../components/connection-badge';
import { Empty, ErrorText, QueryView } from '../components/states';
import { TableFrame } from '../components/table-frame';
import { Time } from '../components/time';
import { ChannelConnectionsDocument, Scope } from '../generated/graphql';
import { useT } from '../i18n/locale';
import { useSession } from '../session-context';

/** A channel by name, with the code the API takes when the two differ. */
export function channelName(channel: { code: string; name: string }): string {
  return channel.name === channel.code ? channel.code : `${channel.name} (${channel.code})`;
}

/** The seller's channels and where each stands with its platform; orders needing attention first. */
export function ChannelsPage() {
  const { can } = useSession();
  const t = useT();
  const query = useQuery(ChannelConnectionsDocument, {});
  const platforms = useChannelPlatforms();
  return (
    <section>
      <h1>{t.channels.title}</h1>
      {can(Scope.OrdersRead) && <AttentionOrders quiet />}
      <h2>{t.channels.connections}</h2>
      <QueryView query={query}>
        {({ channels }) =>
          channels.length === 0 ? (
            <Empty>{t.channels.noChannels}</Empty>
          ) : (
            <TableFrame label={t.channels.connections}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.channels.channel}</th>
                    <th scope="col">{t.channels.platform}</th>
                    <th scope="col">{t.channels.connection}</th>
                    <th scope="col">{t.channels.lastOrder}</th>
                    <th scope="col">{t.channels.lastSync}</th>
                    <th scope="col">{t.channels.lastError}</th>
                  </tr>
                </thead>
                <tbody>
                  {channels.map((channel) => {
                    const { connection } = channel;
                    return (
                      <tr key={channel.code}>
                        <td>
                          <a href={`/console/channels/${encodeURIComponent(channel.code)}`}>{channelName(channel)}</a>
                          {!channel.active && <span class="muted"> · {t.channels.inactive}</span>}
                        </td>
                        <td>{connection ? platformTitle(platforms, connection.platform) : <span class="muted">{t.app.none}</span>}</td>
                        <td>
                          <ConnectionBadge connection={connection} />
                        </td>
                        <td>
                          <Time value={connection?.lastOrderAt} />
                        </td>
                        <td>
                          <Time value={connection?.lastSyncAt} />
                        </td>
                        <td>
                          <ErrorText text={connection?.lastError} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableFrame>
          )
        }
      </QueryView>
    </section>
  );
}
