import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../db/ids.js';
import { executeRead } from '../db/prepared.js';
import { ALL_SELLERS } from '../db/orm.js';
import { AppError, notFound, validationFailed } from '../errors.js';
import { decodeCursor, pageOf, type Page, type PageRequest } from '../http/pagination.js';
import { claimQuota } from '../db/quota.js';
import { ApiToken } from './api-token.entity.js';
import { Seller } from './seller.entity.js';
import { SCOPES, isScope, type Scope } from './scopes.js';
import { TEST_TOKEN_PREFIX, TOKEN_PREFIX, generateSecret, hashSecret, secretMatches } from './secrets.js';

/** Who is calling: resolved once per request from the bearer token. */
export interface Principal {
  sellerId: string;
  sellerName: string;
  /** The seller is a sandbox seller (its tokens read `ponte_sk_test_…`). */
  sandbox: boolean;
  tokenId: string;
  scopes: ReadonlySet<Scope>;
}

/** What a service needs of the caller to apply scope rules inside the seller: who and what it may read. */
export type Caller = Pick<Principal, 'sellerId' | 'scopes'>;

export async function createSeller(em: EntityManager, name: string, options: { sandbox?: boolean } = {}): Promise<Seller> {
  const trimmed = name.trim();
  if (!trimmed) throw validationFailed([{ path: '/name', message: 'must not be empty' }]);
  const seller = em.create(Seller, { name: trimmed, sandbox: options.sandbox ?? false });
  await em.persist(seller).flush();
  return seller;
}

export async function getSeller(em: EntityManager, id: string): Promise<Seller> {
  const seller = isUuid(id) ? await em.findOne(Seller, { id }) : null;
  if (!seller) throw notFound('Seller');
  return seller;
}

/**
 * Who hands out a token: another token, which can never grant beyond its own scopes, or
 * the operator at the CLI (and the demo seller at first start), who holds every scope.
 */
export type TokenIssuer = { readonly tokenId: string; readonly scopes: ReadonlySet<Scope> } | 'operator';
export const OPERATOR = 'operator' as const;

const TOKEN_NAME_MAX = 100;

/**
 * The scopes a new token gets: always a subset of the issuer's. A token that names none
 * (missing or empty list) gets its issuer's own scopes; the operator gets every scope
 * when it names none, but an explicitly empty list is refused rather than widened.
 */
export function grantedScopes(requested: readonly string[] | undefined, issuer: TokenIssuer): Scope[] {
  const unknown = (requested ?? []).filter((value) => !isScope(value));
  if (unknown.length > 0) {
    throw validationFailed(
      unknown.map((value) => ({ path: '/scopes', message: `unknown scope "${value}"; known: ${SCOPES.join(', ')}` })),
    );
  }
  const held = issuer === OPERATOR ? new Set<Scope>(SCOPES) : issuer.scopes;
  if (requested === undefined || (requested.length === 0 && issuer !== OPERATOR)) {
    return SCOPES.filter((scope) => held.has(scope));
  }
  if (requested.length === 0) {
    throw validationFailed([{ path: '/scopes', message: 'must name at least one scope; leave it out for every scope' }]);
  }
  const beyond = SCOPES.filter((scope) => requested.includes(scope) && !held.has(scope));
  if (beyond.length > 0) {
    throw new AppError('FORBIDDEN', `A token cannot grant scopes it does not hold: ${beyond.join(', ')}`, { scopes: beyond });
  }
  return SCOPES.filter((scope) => requested.includes(scope));
}

function tokenName(name: string | undefined): string {
  const trimmed = name?.trim() || 'default';
  if (trimmed.length > TOKEN_NAME_MAX) throw validationFailed([{ path: '/name', message: `must be at most ${TOKEN_NAME_MAX} characters` }]);
  return trimmed;
}

/** Creates a token within its issuer's scopes; the secret is returned once and only its hash is stored. */
export async function createToken(
  em: EntityManager,
  input: { sellerId: string; name?: string; scopes?: readonly string[] } & ({ issuer: typeof OPERATOR } | { issuer: Exclude<TokenIssuer, typeof OPERATOR>; tokensPerSellerMax: number }),
): Promise<{ token: string; record: ApiToken }> {
  const scopes = grantedScopes(input.scopes, input.issuer);
  const name = tokenName(input.name);
  const seller = await getSeller(em, input.sellerId);
  const prefix = seller.sandbox ? TEST_TOKEN_PREFIX : TOKEN_PREFIX;
  const token = generateSecret(prefix);
  return em.transactional(async (tx) => {
    // Every token has its own rate budget: a token minting tokens would multiply it (the
    // seller's budget bounds that, this bounds the list). The operator is not bound.
    const { issuer } = input;
    if ('tokensPerSellerMax' in input) {
      await claimQuota(tx, {
        key: `api-tokens:${seller.id}`,
        limit: input.tokensPerSellerMax,
        what: 'active API tokens of a seller',
        remedy: 'revoke one before creating another',
        count: () => tx.count(ApiToken, { seller: seller.id, revokedAt: null }),
      });
    }
    const record = tx.create(ApiToken, {
      seller: seller.id,
      name,
      secretHash: hashSecret(token),
      prefix: token.slice(0, prefix.length + 6),
      scopes,
      issuedBy: issuer === OPERATOR ? null : issuer.tokenId,
    });
    await tx.persist(record).flush();
    return { token, record };
  });
}

/** The seller's tokens, revoked ones included (with `revokedAt`), oldest first. */
/** The seller's tokens with these ids, revoked ones included (node(id:)); ids must be UUIDs. */
export async function findTokens(em: EntityManager, sellerId: string, ids: readonly string[]): Promise<ApiToken[]> {
  return em.find(ApiToken, { id: { $in: [...ids] }, seller: sellerId });
}

export async function listTokens(em: EntityManager, sellerId: string, page: PageRequest): Promise<Page<ApiToken>> {
  const after = page.cursor ? decodeCursor(page.cursor, ['uuid'])[0] : undefined;
  const rows = await em.find(
    ApiToken,
    { seller: sellerId, ...(after ? { id: { $gt: after } } : {}) },
    { orderBy: { id: 'asc' }, limit: page.limit + 1 },
  );
  return pageOf(rows, page.limit, tokenCursor);
}

export const tokenCursor = (token: ApiToken) => [token.id];

/**
 * Revokes a token: from this moment every request with it answers 401, and live
 * connections holding it are closed (see src/live/connection-guard.ts). A token revokes
 * only its own seller's tokens (another seller's is 404) whose scopes it holds itself,
 * the same bound as creating one; itself included. The operator revokes any token.
 * Revoking a revoked token changes nothing.
 */
export async function revokeToken(em: EntityManager, revoker: Caller | typeof OPERATOR, id: string): Promise<ApiToken> {
  const where = revoker === OPERATOR ? { id } : { id, seller: revoker.sellerId };
  const token = isUuid(id) ? await em.findOne(ApiToken, where, revoker === OPERATOR ? ALL_SELLERS : {}) : null;
  if (!token) throw notFound('Token');
  if (revoker !== OPERATOR) {
    const beyond = token.scopes.filter((scope) => !revoker.scopes.has(scope));
    if (beyond.length > 0) {
      throw new AppError('FORBIDDEN', `A token cannot revoke a token with scopes it does not hold: ${beyond.join(', ')}`, { scopes: beyond });
    }
  }
  token.revokedAt ??= new Date();
  await em.flush();
  return token;
}

interface TokenRow {
  id: string;
  secret_hash: string;
  last_used_at: Date | null;
  scopes: Scope[];
  seller_id: string;
  seller_name: string;
  sandbox: boolean;
}

/** The principal of a bearer token, or undefined when the token is unknown or revoked. */
export async function authenticateToken(em: EntityManager, secret: string): Promise<Principal | undefined> {
  if (!secret.startsWith(TOKEN_PREFIX)) return undefined;
  // The token decides the seller, so this lookup necessarily spans sellers; one
  // statement, since it runs on every request. Whether the seller is a sandbox one comes
  // from the seller, never from the token's prefix.
  const [row] = await executeRead<TokenRow>(
    em,
    `select t.id, t.secret_hash, t.scopes, t.last_used_at, s.id as seller_id, s.name as seller_name, s.sandbox
       from api_token t join seller s on s.id = t.seller_id
      where t.secret_hash = ? and t.revoked_at is null`,
    [hashSecret(secret)],
  );
  if (!row || !secretMatches(secret, row.secret_hash)) return undefined;
  if (useIsDue(row.last_used_at)) await recordTokenUse(em, row.id);
  return { sellerId: row.seller_id, sellerName: row.seller_name, sandbox: row.sandbox, tokenId: row.id, scopes: new Set(row.scopes) };
}

/** How stale a token's lastUsedAt may grow before a request writes it again. */
export const TOKEN_USE_RESOLUTION_MS = 60_000;

function useIsDue(lastUsedAt: Date | null): boolean {
  return !lastUsedAt || Date.now() - new Date(lastUsedAt).getTime() >= TOKEN_USE_RESOLUTION_MS;
}

/**
 * Stamps a token's lastUsedAt. The lookup read the stamp, so a request writes only when it
 * is a minute old; the condition here keeps concurrent requests and other processes that
 * read the same stale stamp to one write between them.
 */
async function recordTokenUse(em: EntityManager, tokenId: string): Promise<void> {
  await em.execute(
    `update api_token set last_used_at = now()
      where id = ? and (last_used_at is null or last_used_at <= now() - make_interval(secs => ?))`,
    [tokenId, TOKEN_USE_RESOLUTION_MS / 1000],
  );
}

/** Which of these tokens still work (not revoked): one statement for any number of ids. */
export async function activeTokenIds(em: EntityManager, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // Across sellers: the ids come from the process's open connections, whoever they belong to.
  const rows = await em.execute<{ id: string }[]>('select id from api_token where id in (?) and revoked_at is null', [[...ids]]);
  return new Set(rows.map((row) => row.id));
}

export function requireAuthentication(principal: Principal | undefined): Principal {
  if (!principal) throw new AppError('UNAUTHENTICATED', 'A valid bearer token is required');
  return principal;
}

export function requireScope(principal: Principal | undefined, scope: Scope): Principal {
  const authenticated = requireAuthentication(principal);
  if (!authenticated.scopes.has(scope)) {
    throw new AppError('FORBIDDEN', `This token lacks the "${scope}" scope`, { requiredScope: scope });
  }
  return authenticated;
}
