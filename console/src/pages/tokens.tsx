import { useState } from 'preact/hooks';
import { useMutation, useQuery } from '../api/hooks';
import { Pager, useCursorPages } from '../components/pager';
import { TableFrame } from '../components/table-frame';
import { Empty, ErrorNotice, QueryView } from '../components/states';
import { Time } from '../components/time';
import {
  AvailableApplicationsDocument,
  CreateTokenDocument,
  InstallApplicationDocument,
  InstalledApplicationsDocument,
  RevokeTokenDocument,
  Scope,
  TokensDocument,
  UninstallApplicationDocument,
} from '../generated/graphql';
import { useT } from '../i18n/locale';
import { useSession } from '../session-context';
import { scopeLabel } from '../wire-names';

export function TokensPage() {
  const { can } = useSession();
  const t = useT();
  return (
    <section>
      <h1>{t.tokens.title}</h1>
      <Tokens />
      {can(Scope.WebhooksRead) && <Applications />}
    </section>
  );
}

function Tokens() {
  const { viewer } = useSession();
  const t = useT();
  const pages = useCursorPages('');
  const tokens = useQuery(TokensDocument, { first: 50, after: pages.after });
  const create = useMutation(CreateTokenDocument);
  const revoke = useMutation(RevokeTokenDocument);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(viewer.scopes);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <>
      <h2>{t.tokens.tokens}</h2>
      <details class="create">
        <summary>{t.tokens.newToken}</summary>
        <form
          class="inline-form"
          onSubmit={async (event) => {
            event.preventDefault();
            const result = await create.run({ input: { name: name || undefined, scopes } });
            if (result) {
              setCreated(result.createToken.token);
              setName('');
              tokens.reload();
            }
          }}
        >
          <label>
            {t.tokens.name}
            <input value={name} onInput={(event) => setName(event.currentTarget.value)} placeholder={t.tokens.namePlaceholder} />
          </label>
          <fieldset>
            <legend>{t.tokens.scopes}</legend>
            {viewer.scopes.map((scope) => (
              <label key={scope}>
                <input type="checkbox" checked={scopes.includes(scope)} onChange={() => setScopes(scopes.includes(scope) ? scopes.filter((s) => s !== scope) : [...scopes, scope])} /> {scopeLabel(scope)}
              </label>
            ))}
          </fieldset>
          <button type="submit" class="primary" disabled={create.busy}>
            {t.tokens.create}
          </button>
          {create.error && <ErrorNotice error={create.error} />}
        </form>
      </details>
      {created && (
        <div class="notice" role="status">
          <p>{t.tokens.shown}</p>
          <code class="secret">{created}</code>
          <button type="button" onClick={() => setCreated(null)}>
            {t.app.done}
          </button>
        </div>
      )}
      {revoke.error && <ErrorNotice error={revoke.error} />}
      <QueryView query={tokens}>
        {({ tokens: list }) =>
          list.edges.length === 0 ? (
            <Empty>{t.tokens.noTokens}</Empty>
          ) : (
            <>
              <TableFrame label={t.tokens.tokens}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t.tokens.name}</th>
                      <th scope="col">{t.tokens.prefix}</th>
                      <th scope="col">{t.tokens.scopeColumn}</th>
                      <th scope="col">{t.tokens.created}</th>
                      <th scope="col">{t.tokens.lastUsed}</th>
                      <th scope="col">{t.tokens.state}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.edges.map(({ node: token }) => (
                      <tr key={token.id}>
                        <td>{token.name}</td>
                        <td>
                          <code>{token.prefix}…</code>
                        </td>
                        <td>{token.scopes.map(scopeLabel).join(', ')}</td>
                        <td>
                          <Time value={token.createdAt} />
                        </td>
                        <td>{token.lastUsedAt ? <Time value={token.lastUsedAt} /> : <span class="muted">{t.tokens.neverUsed}</span>}</td>
                        <td>
                          {token.revokedAt ? (
                            <>
                              {t.tokens.revoked} <Time value={token.revokedAt} />
                            </>
                          ) : token.id === viewer.tokenId ? (
                            t.tokens.inUse
                          ) : (
                            <button
                              type="button"
                              class="danger"
                              aria-label={t.tokens.revokeNamed(token.name)}
                              disabled={revoke.busy}
                              onClick={async () => {
                                if (confirm(t.tokens.confirmRevoke(token.name)) && (await revoke.run({ input: { tokenId: token.id } }))) tokens.reload();
                              }}
                            >
                              {t.tokens.revoke}
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
              <Pager pages={pages} hasNextPage={list.pageInfo.hasNextPage} endCursor={list.pageInfo.endCursor} />
            </>
          )
        }
      </QueryView>
    </>
  );
}

function Applications() {
  const { can } = useSession();
  const t = useT();
  const applications = useQuery(InstalledApplicationsDocument, {});
  const uninstall = useMutation(UninstallApplicationDocument);
  // Each install or uninstall counts here; the picker, keyed by it, asks again what is left to install.
  const [changes, setChanges] = useState(0);
  const changed = () => {
    setChanges((count) => count + 1);
    applications.reload();
  };
  return (
    <>
      <h2>{t.tokens.applications}</h2>
      {can(Scope.WebhooksWrite) && can(Scope.OrdersRead) && <InstallApplication key={changes} onInstalled={changed} />}
      {uninstall.error && <ErrorNotice error={uninstall.error} />}
      <QueryView query={applications}>
        {({ installedApplications }) =>
          installedApplications.length === 0 ? (
            <Empty>{t.tokens.noApplications}</Empty>
          ) : (
            <ul class="plain">
              {installedApplications.map((application) => (
                <li key={application.applicationId}>
                  <strong>{application.name}</strong> <span class="muted">
                    {t.tokens.installed} <Time value={application.installedAt} />
                  </span>{' '}
                  {can(Scope.WebhooksWrite) && (
                    <button
                      type="button"
                      class="danger"
                      aria-label={t.tokens.uninstallNamed(application.name)}
                      disabled={uninstall.busy}
                      onClick={async () => (await uninstall.run({ input: { applicationId: application.applicationId } })) && changed()}
                    >
                      {t.tokens.uninstall}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </>
  );
}

/** Install by name: the store's applications the seller has not installed, to pick from. */
function InstallApplication({ onInstalled }: { onInstalled(): void }) {
  const t = useT();
  const available = useQuery(AvailableApplicationsDocument, {});
  const install = useMutation(InstallApplicationDocument);
  const [applicationId, setApplicationId] = useState('');
  const choices = available.data?.applications.filter((application) => !application.installed) ?? [];
  if (available.data && choices.length === 0) return <p class="muted">{t.tokens.noneAvailable}</p>;
  return (
    <form
      class="inline-form"
      onSubmit={async (event) => {
        event.preventDefault();
        if (await install.run({ input: { applicationId } })) onInstalled();
      }}
    >
      <label>
        {t.tokens.application}
        <select aria-label={t.tokens.application} required value={applicationId} onChange={(event) => setApplicationId(event.currentTarget.value)}>
          <option value="">{t.tokens.choose}</option>
          {choices.map((application) => (
            <option key={application.id} value={application.id}>
              {application.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" class="primary" disabled={install.busy || !applicationId}>
        {t.tokens.install}
      </button>
      {install.error && <ErrorNotice error={install.error} />}
      {available.error && <ErrorNotice error={available.error} retry={available.reload} />}
    </form>
  );
}
