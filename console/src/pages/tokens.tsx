import { useState } from 'preact/hooks';
import { useMutation, useQuery } from '../api/hooks';
import { Pager, useCursorPages } from '../components/pager';
import { Empty, ErrorNotice, QueryView } from '../components/states';
import { Time } from '../components/time';
import {
  CreateTokenDocument,
  InstallApplicationDocument,
  InstalledApplicationsDocument,
  RevokeTokenDocument,
  Scope,
  TokensDocument,
  UninstallApplicationDocument,
} from '../generated/graphql';
import { useSession } from '../session-context';
import { scopeLabel } from '../wire-names';

export function TokensPage() {
  const { can } = useSession();
  return (
    <section>
      <h1>Tokens and applications</h1>
      <Tokens />
      {can(Scope.WebhooksRead) && <Applications />}
    </section>
  );
}

function Tokens() {
  const { viewer } = useSession();
  const pages = useCursorPages('');
  const tokens = useQuery(TokensDocument, { first: 50, after: pages.after });
  const create = useMutation(CreateTokenDocument);
  const revoke = useMutation(RevokeTokenDocument);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(viewer.scopes);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <>
      <h2>Tokens</h2>
      <details class="create">
        <summary>New token</summary>
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
            Name
            <input value={name} onInput={(event) => setName(event.currentTarget.value)} placeholder="e.g. ERP sync" />
          </label>
          <fieldset>
            <legend>Scopes (at most this token's)</legend>
            {viewer.scopes.map((scope) => (
              <label key={scope}>
                <input type="checkbox" checked={scopes.includes(scope)} onChange={() => setScopes(scopes.includes(scope) ? scopes.filter((s) => s !== scope) : [...scopes, scope])} /> {scopeLabel(scope)}
              </label>
            ))}
          </fieldset>
          <button type="submit" class="primary" disabled={create.busy}>
            Create token
          </button>
          {create.error && <ErrorNotice error={create.error} />}
        </form>
      </details>
      {created && (
        <div class="notice" role="status">
          <p>The new token, shown this once: copy it now.</p>
          <code class="secret">{created}</code>
          <button type="button" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      )}
      {revoke.error && <ErrorNotice error={revoke.error} />}
      <QueryView query={tokens}>
        {({ tokens: list }) =>
          list.edges.length === 0 ? (
            <Empty>No tokens.</Empty>
          ) : (
            <>
              <div class="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Prefix</th>
                      <th scope="col">Scopes</th>
                      <th scope="col">Created</th>
                      <th scope="col">State</th>
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
                        <td>
                          {token.revokedAt ? (
                            <>
                              revoked <Time value={token.revokedAt} />
                            </>
                          ) : token.id === viewer.tokenId ? (
                            'in use here'
                          ) : (
                            <button
                              type="button"
                              class="danger"
                              aria-label={`Revoke ${token.name}`}
                              disabled={revoke.busy}
                              onClick={async () => {
                                if (confirm(`Revoke ${token.name}? It stops working at once.`) && (await revoke.run({ input: { tokenId: token.id } }))) tokens.reload();
                              }}
                            >
                              Revoke
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
  const applications = useQuery(InstalledApplicationsDocument, {});
  const install = useMutation(InstallApplicationDocument);
  const uninstall = useMutation(UninstallApplicationDocument);
  const [applicationId, setApplicationId] = useState('');
  return (
    <>
      <h2>Applications</h2>
      {can(Scope.WebhooksWrite) && can(Scope.OrdersRead) && (
        <form
          class="inline-form"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await install.run({ input: { applicationId: applicationId.trim() } })) {
              setApplicationId('');
              applications.reload();
            }
          }}
        >
          <label>
            Application id
            <input required value={applicationId} onInput={(event) => setApplicationId(event.currentTarget.value)} />
          </label>
          <button type="submit" class="primary" disabled={install.busy}>
            Install
          </button>
          {install.error && <ErrorNotice error={install.error} />}
        </form>
      )}
      {uninstall.error && <ErrorNotice error={uninstall.error} />}
      <QueryView query={applications}>
        {({ installedApplications }) =>
          installedApplications.length === 0 ? (
            <Empty>No applications installed.</Empty>
          ) : (
            <ul class="plain">
              {installedApplications.map((application) => (
                <li key={application.applicationId}>
                  <strong>{application.name}</strong> <span class="muted">installed <Time value={application.installedAt} /></span>{' '}
                  {can(Scope.WebhooksWrite) && (
                    <button type="button" class="danger" disabled={uninstall.busy} onClick={async () => (await uninstall.run({ input: { applicationId: application.applicationId } })) && applications.reload()}>
                      Uninstall
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
