import { useQuery } from '../api/hooks';
import { ChannelsDocument, Scope } from '../generated/graphql';
import { useT } from '../i18n/locale';
import { useSession } from '../session-context';

/**
 * A channel filter: the seller's channels to pick from (by name, with the code the API
 * takes). Reading channels takes catalog:read; a token without it types the code.
 */
export function ChannelPicker({ label, value, onChange }: { label: string; value: string; onChange(channel: string): void }) {
  const { can } = useSession();
  const t = useT();
  const readable = can(Scope.CatalogRead);
  const channels = useQuery(ChannelsDocument, {}, { skip: !readable });
  if (!readable) {
    return (
      <label>
        {label}
        <input type="search" value={value} onChange={(event) => onChange(event.currentTarget.value.trim())} placeholder="mercadolivre" />
      </label>
    );
  }
  return (
    <label>
      {label}
      <select aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{t.app.any}</option>
        {channels.data?.channels.map((channel) => (
          <option key={channel.code} value={channel.code}>
            {channel.name === channel.code ? channel.code : `${channel.name} (${channel.code})`}
          </option>
        ))}
      </select>
    </label>
  );
}
