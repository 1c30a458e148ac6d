import { useState } from 'preact/hooks';
import { useMutation, useQuery } from '../api/hooks';
import { Badge } from '../components/badge';
import { Aggregate, useOrderNumbers } from '../components/order-link';
import { Pager, useCursorPages } from '../components/pager';
import { Empty, ErrorNotice, ErrorText, QueryView } from '../components/states';
import { TableFrame } from '../components/table-frame';
import { Time } from '../components/time';
import {
  ChannelListingsDocument,
  ChannelSyncField,
  ChannelSyncStatus,
  ChannelSyncsDocument,
  LinkChannelListingsDocument,
  LinkChannelListingsFromCatalogueDocument,
  Scope,
  type ChannelSyncFilter,
  type ChannelSyncRowFragment,
  type ChannelSyncsQuery,
} from '../generated/graphql';
import type { Formats } from '../i18n/formats';
import { useLocale, useT } from '../i18n/locale';
import { useSession } from '../session-context';

const PAGE_SIZE = 25;

type SyncWithAttempts = NonNullable<ChannelSyncsQuery['channel']>['syncs']['edges'][number]['node'];

/** What the platform holds of a link's quantity or price, as the last successful attempt sent it. */
function heldFigure(sync: ChannelSyncRowFragment, format: Formats): string | null {
  const held = sync.syncedValue;
  if (sync.field === ChannelSyncField.Quantity && typeof held?.quantity === 'number') return format.count(held.quantity);
  if (sync.field === ChannelSyncField.Price && typeof held?.price === 'string') return format.money(held.price);
  return null;
}

/** A link's quantity or price on the platform: where its sync stands, and the figure the platform holds. */
function SyncState({ sync }: { sync: ChannelSyncRowFragment | undefined }) {
  const { t, format } = useLocale();
  if (!sync) return <span class="muted">{t.channel.notQueued}</span>;
  const figure = heldFigure(sync, format);
  return (
    <span title={sync.lastError ?? undefined}>
      <Badge value={sync.status} label={t.syncStatus[sync.status]} />
      {figure !== null && <> {figure}</>}
    </span>
  );
}

/** The channel's listing links by SKU, paged, each with where its quantity and price stand on the platform. */
export function ListingLinks({ code }: { code: string }) {
  const { can } = useSession();
  const t = useT();
  const pages = useCursorPages(code);
  const query = useQuery(ChannelListingsDocument, { code, first: PAGE_SIZE, after: pages.after });
  return (
    <>
      <h2>{t.channel.listings}</h2>
      <div class="actions">
        {can(Scope.CatalogWrite) && (
          <>
            <AddLink code={code} onAdded={query.reload} />
            <LinkFromCatalogue code={code} />
          </>
        )}
        <button type="button" onClick={query.reload}>
          {t.app.refresh}
        </button>
      </div>
      <QueryView query={query}>
        {({ channel }) => {
          const listings = channel?.listings;
          if (!listings || listings.edges.length === 0) return <Empty>{t.channel.noListings}</Empty>;
          return (
            <>
              <TableFrame label={t.channel.listings}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t.channel.sku}</th>
                      <th scope="col">{t.channel.listingId}</th>
                      <th scope="col">{t.channel.variationId}</th>
                      <th scope="col">{t.channel.quantityThere}</th>
                      <th scope="col">{t.channel.priceThere}</th>
                      <th scope="col">{t.channel.linkedAt}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {listings.edges.map(({ node: link }) => (
                      <tr key={link.sku}>
                        <td>
                          <code>{link.sku}</code>
                        </td>
                        <td class="url">{link.listingId}</td>
                        <td class="url">{link.variationId ?? <span class="muted">{t.app.none}</span>}</td>
                        <td>
                          <SyncState sync={link.syncs.find((sync) => sync.field === ChannelSyncField.Quantity)} />
                        </td>
                        <td>
                          <SyncState sync={link.syncs.find((sync) => sync.field === ChannelSyncField.Price)} />
                        </td>
                        <td>
                          <Time value={link.updatedAt} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
              <Pager pages={pages} hasNextPage={listings.pageInfo.hasNextPage} endCursor={listings.pageInfo.endCursor} />
            </>
          );
        }}
      </QueryView>
    </>
  );
}

function AddLink({ code, onAdded }: { code: string; onAdded(): void }) {
  const t = useT();
  const link = useMutation(LinkChannelListingsDocument);
  const empty = { sku: '', listingId: '', variationId: '', productId: '' };
  const [fields, setFields] = useState(empty);
  const set = (field: keyof typeof empty) => (event: Event) => setFields({ ...fields, [field]: (event.currentTarget as HTMLInputElement).value });
  return (
    <details class="create">
      <summary>{t.channel.addLink}</summary>
      <form
        class="inline-form"
        aria-label={t.channel.addLink}
        onSubmit={async (event) => {
          event.preventDefault();
          const optional = (value: string) => value.trim() || undefined;
          const input = { sku: fields.sku.trim(), listingId: fields.listingId.trim(), variationId: optional(fields.variationId), productId: optional(fields.productId) };
          if (await link.run({ input: { code, links: [input] } })) {
            setFields(empty);
            onAdded();
          }
        }}
      >
        <label>
          {t.channel.sku}
          <input required value={fields.sku} onInput={set('sku')} spellcheck={false} />
        </label>
        <label>
          {t.channel.listingId}
          <input required value={fields.listingId} onInput={set('listingId')} spellcheck={false} />
        </label>
        <label>
          {t.channel.variationIdOptional}
          <input value={fields.variationId} onInput={set('variationId')} spellcheck={false} />
        </label>
        <label>
          {t.channel.productIdOptional}
          <input value={fields.productId} onInput={set('productId')} spellcheck={false} />
        </label>
        <button type="submit" class="primary" disabled={link.busy}>
          {t.channel.link}
        </button>
        {link.error && <ErrorNotice error={link.error} />}
      </form>
    </details>
  );
}

/** Links by SKU from the platform's catalogue, in the background: its pages show in the sync log. */
function LinkFromCatalogue({ code }: { code: string }) {
  const t = useT();
  const run = useMutation(LinkChannelListingsFromCatalogueDocument);
  const [queued, setQueued] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={run.busy}
        onClick={async () => {
          setQueued(false);
          if (await run.run({ code })) setQueued(true);
        }}
      >
        {t.channel.linkFromCatalogue}
      </button>
      <span role="status">{queued && t.channel.catalogueQueued}</span>
      {run.error && <ErrorNotice error={run.error} />}
    </>
  );
}

/** The sync log: what Ponte keeps in step on the platform, row by row, with each row's latest attempts. */
export function SyncLog({ code }: { code: string }) {
  const t = useT();
  const [filters, setFilters] = useState({ field: '', status: '' });
  const filter: ChannelSyncFilter = {
    field: (filters.field || undefined) as ChannelSyncFilter['field'],
    status: (filters.status || undefined) as ChannelSyncFilter['status'],
  };
  const pages = useCursorPages(`${code} ${JSON.stringify(filter)}`);
  const query = useQuery(ChannelSyncsDocument, { code, first: PAGE_SIZE, after: pages.after, filter });
  const rows = query.data?.channel?.syncs.edges.map((edge) => edge.node) ?? [];
  const orderNumbers = useOrderNumbers(rows.filter((row) => row.field === ChannelSyncField.Order).map((row) => row.subject));
  const set = (field: keyof typeof filters) => (event: Event) => setFilters({ ...filters, [field]: (event.currentTarget as HTMLSelectElement).value });
  return (
    <>
      <h2>{t.channel.syncLog}</h2>
      <form class="filters" aria-label={t.channel.filterSyncs} onSubmit={(event) => event.preventDefault()}>
        <label>
          {t.channel.field}
          <select value={filters.field} onChange={set('field')}>
            <option value="">{t.app.any}</option>
            {Object.values(ChannelSyncField).map((field) => (
              <option key={field} value={field}>
                {t.syncField[field]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.channel.status}
          <select value={filters.status} onChange={set('status')}>
            <option value="">{t.app.any}</option>
            {Object.values(ChannelSyncStatus).map((status) => (
              <option key={status} value={status}>
                {t.syncStatus[status]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={query.reload}>
          {t.app.refresh}
        </button>
      </form>
      <QueryView query={query}>
        {({ channel }) => {
          const syncs = channel?.syncs;
          if (!syncs || syncs.edges.length === 0) return <Empty>{t.channel.noSyncs}</Empty>;
          return (
            <>
              <TableFrame label={t.channel.syncLog}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t.channel.subject}</th>
                      <th scope="col">{t.channel.field}</th>
                      <th scope="col">{t.channel.status}</th>
                      <th scope="col">{t.channel.value}</th>
                      <th scope="col">{t.channel.attempts}</th>
                      <th scope="col">{t.channel.lastAttempt}</th>
                      <th scope="col">{t.channel.nextAttempt}</th>
                      <th scope="col">{t.channels.lastError}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {syncs.edges.map(({ node: sync }) => (
                      <tr key={sync.id}>
                        <td>
                          <Subject sync={sync} orderNumbers={orderNumbers} />
                        </td>
                        <td>{t.syncField[sync.field]}</td>
                        <td>
                          <Badge value={sync.status} label={t.syncStatus[sync.status]} />
                        </td>
                        <td>
                          <code>{JSON.stringify(sync.value)}</code>
                        </td>
                        <td>
                          <Attempts sync={sync} />
                        </td>
                        <td>
                          <Time value={sync.lastAttemptAt} />
                        </td>
                        <td>
                          <Time value={sync.nextAttemptAt} />
                        </td>
                        <td>
                          <ErrorText text={sync.lastError} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
              <Pager pages={pages} hasNextPage={syncs.pageInfo.hasNextPage} endCursor={syncs.pageInfo.endCursor} />
            </>
          );
        }}
      </QueryView>
    </>
  );
}

/** What a row is about: a SKU, an order (by its number, linked), or the platform's catalogue. */
function Subject({ sync, orderNumbers }: { sync: SyncWithAttempts; orderNumbers: ReadonlyMap<string, number> }) {
  const t = useT();
  if (sync.field === ChannelSyncField.Order) return <Aggregate type="order" id={sync.subject} orderNumbers={orderNumbers} />;
  if (sync.field === ChannelSyncField.Catalogue) return <span class="muted">{t.channel.catalogue}</span>;
  return <code>{sync.subject}</code>;
}

/** A row's attempt count, its latest attempts a click away (oldest first, as the API lists them). */
function Attempts({ sync }: { sync: SyncWithAttempts }) {
  const { t } = useLocale();
  if (sync.attempts.length === 0) return <span>{sync.attemptCount}</span>;
  return (
    <details class="attempts">
      <summary>
        {t.channel.attemptCount(sync.attemptCount)}
        <span class="sr-only"> {t.channel.attemptsOf(sync.subject || t.channel.catalogue, t.syncField[sync.field])}</span>
      </summary>
      <ol>
        {sync.attempts.map((attempt) => (
          <li key={attempt.number}>
            #{attempt.number} <Time value={attempt.at} /> <Badge value={attempt.outcome} label={t.syncOutcome[attempt.outcome]} />{' '}
            {attempt.statusCode !== null && <span>HTTP {attempt.statusCode}</span>} <span class="muted">{t.channel.duration(attempt.durationMs)}</span>
            {attempt.errorDetail && (
              <span class="error-text" lang="en">
                {' '}
                {attempt.errorDetail}
              </span>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
