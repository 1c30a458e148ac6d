import { useState } from 'preact/hooks';
import { useMutation, useQuery } from '../api/hooks';
import { Pager, useCursorPages } from '../components/pager';
import { TableFrame } from '../components/table-frame';
import { Empty, ErrorNotice, QueryView } from '../components/states';
import { ChannelsDocument, PutChannelDocument, Scope, SetOnHandDocument, StockProductsDocument, type ChannelsQuery, type StockProductsQuery } from '../generated/graphql';
import { useLocale, useT } from '../i18n/locale';
import { useSession } from '../session-context';

type StockRow = NonNullable<StockProductsQuery['products']['edges'][number]['node']['stock']>;
type Channel = ChannelsQuery['channels'][number];

export function StockPage() {
  const t = useT();
  const pages = useCursorPages('');
  const products = useQuery(StockProductsDocument, { first: 25, after: pages.after });
  const channels = useQuery(ChannelsDocument, {});
  return (
    <section>
      <h1>{t.stock.title}</h1>
      <QueryView query={products}>
        {({ products: list }) => {
          const codes = channels.data?.channels.filter((channel) => channel.active).map((channel) => channel.code) ?? [];
          if (list.edges.length === 0) return <Empty>{t.stock.noProducts}</Empty>;
          return (
            <>
              <TableFrame label={t.stock.title}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t.stock.sku}</th>
                      <th scope="col">{t.stock.product}</th>
                      <th scope="col" class="number">
                        {t.stock.onHand}
                      </th>
                      <th scope="col" class="number">
                        {t.stock.reserved}
                      </th>
                      <th scope="col" class="number">
                        {t.stock.available}
                      </th>
                      {codes.map((code) => (
                        <th scope="col" class="number" key={code}>
                          {code}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {list.edges.map(({ node: product }) => (
                      <tr key={product.sku}>
                        <td>{product.sku}</td>
                        <td>{product.title}</td>
                        {product.stock ? <StockCells stock={product.stock} codes={codes} /> : <td colSpan={3 + codes.length} class="muted">{t.stock.perVariation}</td>}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
              <Pager pages={pages} hasNextPage={list.pageInfo.hasNextPage} endCursor={list.pageInfo.endCursor} />
            </>
          );
        }}
      </QueryView>
      <h2>{t.stock.channels}</h2>
      <QueryView query={channels}>
        {({ channels: list }) => (list.length === 0 ? <Empty>{t.stock.noChannels}</Empty> : <ChannelTable channels={list} onSaved={() => { channels.reload(); products.reload(); }} />)}
      </QueryView>
    </section>
  );
}

function StockCells({ stock: initial, codes }: { stock: StockRow; codes: string[] }) {
  const { can } = useSession();
  const { t, format } = useLocale();
  const [stock, setStock] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [onHand, setOnHand] = useState(String(initial.onHand));
  const save = useMutation(SetOnHandDocument);
  return (
    <>
      <td class="number">
        {editing ? (
          <form
            class="cell-form"
            onSubmit={async (event) => {
              event.preventDefault();
              const result = await save.run({ input: { sku: stock.sku, onHand: Number(onHand) } });
              if (result) {
                setStock(result.updateStock.stock);
                setEditing(false);
              }
            }}
          >
            <input type="number" min={0} step={1} aria-label={t.stock.onHandOf(stock.sku)} value={onHand} onInput={(event) => setOnHand(event.currentTarget.value)} />
            <button type="submit" disabled={save.busy}>
              {t.app.save}
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              {t.app.cancel}
            </button>
            {save.error && <ErrorNotice error={save.error} />}
          </form>
        ) : (
          <>
            {format.count(stock.onHand)}{' '}
            {can(Scope.CatalogWrite) && (
              <button type="button" class="link" aria-label={t.stock.editOnHandOf(stock.sku)} onClick={() => setEditing(true)}>
                {t.stock.edit}
              </button>
            )}
          </>
        )}
      </td>
      <td class="number">{format.count(stock.reserved)}</td>
      <td class="number">{format.count(stock.available)}</td>
      {codes.map((code) => (
        <td class="number" key={code}>
          {format.count(stock.channels.find((channel) => channel.channel === code)?.quantity ?? 0)}
        </td>
      ))}
    </>
  );
}

function ChannelTable({ channels, onSaved }: { channels: Channel[]; onSaved(): void }) {
  const { can } = useSession();
  const t = useT();
  return (
    <TableFrame label={t.stock.channels}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.stock.code}</th>
            <th scope="col">{t.stock.name}</th>
            <th scope="col">{t.stock.active}</th>
            <th scope="col" class="number">
              {t.stock.share}
            </th>
            <th scope="col" class="number">
              {t.stock.safetyStock}
            </th>
            <th scope="col" class="number">
              {t.stock.maximum}
            </th>
            {can(Scope.CatalogWrite) && <th scope="col">{t.stock.change}</th>}
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <ChannelRow key={channel.code} channel={channel} editable={can(Scope.CatalogWrite)} onSaved={onSaved} />
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

function ChannelRow({ channel, editable, onSaved }: { channel: Channel; editable: boolean; onSaved(): void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({ sharePercent: String(channel.sharePercent), safetyStock: String(channel.safetyStock), maxQuantity: channel.maxQuantity === null || channel.maxQuantity === undefined ? '' : String(channel.maxQuantity) });
  const put = useMutation(PutChannelDocument);
  const input = (field: keyof typeof values, label: string) => (
    <input type="number" min={0} aria-label={t.stock.fieldOf(label, channel.code)} value={values[field]} onInput={(event) => setValues({ ...values, [field]: event.currentTarget.value })} />
  );
  if (!editing) {
    return (
      <tr>
        <td>{channel.code}</td>
        <td>{channel.name}</td>
        <td>{channel.active ? t.app.yes : t.app.no}</td>
        <td class="number">{channel.sharePercent}</td>
        <td class="number">{channel.safetyStock}</td>
        <td class="number">{channel.maxQuantity ?? '—'}</td>
        {editable && (
          <td>
            <button type="button" class="link" onClick={() => setEditing(true)}>
              {t.stock.editChannel(channel.code)}
            </button>
          </td>
        )}
      </tr>
    );
  }
  const save = async () => {
    const result = await put.run({
      input: { code: channel.code, name: channel.name, active: channel.active, sharePercent: Number(values.sharePercent), safetyStock: Number(values.safetyStock), maxQuantity: values.maxQuantity === '' ? null : Number(values.maxQuantity) },
    });
    if (result) {
      setEditing(false);
      onSaved();
    }
  };
  return (
    <tr>
      <td>{channel.code}</td>
      <td>{channel.name}</td>
      <td>{channel.active ? t.app.yes : t.app.no}</td>
      <td class="number">{input('sharePercent', t.stock.share)}</td>
      <td class="number">{input('safetyStock', t.stock.safetyStock)}</td>
      <td class="number">{input('maxQuantity', t.stock.maximum)}</td>
      <td>
        <button type="button" class="primary" disabled={put.busy} onClick={save}>
          {t.app.save}
        </button>
        <button type="button" onClick={() => setEditing(false)}>
          {t.app.cancel}
        </button>
        {put.error && <ErrorNotice error={put.error} />}
      </td>
    </tr>
  );
}
