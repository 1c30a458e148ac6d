import type { ChannelConnectionStatus } from '../generated/graphql';
import { useT } from '../i18n/locale';
import { Badge } from './badge';

/** Where a channel stands with its platform: connected and taken, refused (credentials to replace), or not connected. */
export function ConnectionBadge({ connection }: { connection: { status: ChannelConnectionStatus } | null | undefined }) {
  const t = useT();
  if (!connection) return <Badge value="disconnected" label={t.connectionStatus.none} />;
  return <Badge value={connection.status} label={t.connectionStatus[connection.status]} />;
}
