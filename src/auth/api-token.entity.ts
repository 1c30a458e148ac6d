import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';
import { SellerOwned } from '../db/seller-owned.js';
import type { Scope } from './scopes.js';

@Entity({ tableName: 'api_token' })
// Every process caches the tokens that passed (src/auth/credential-cache.ts): a revoked or
// deleted token is dropped from each of them when this commits, whoever changed the row.
// Stamping lastUsedAt (recordTokenUse, an update of that column alone) changes nothing a
// cache holds, so it notifies no one: it would empty every cache of that token each minute.
@Trigger({
  name: 'api_token_notify_change',
  timing: 'after',
  events: ['update', 'delete'],
  forEach: 'row',
  body: `if tg_op = 'DELETE' or old.last_used_at is not distinct from new.last_used_at then perform pg_notify('ponte_credentials', old.secret_hash); end if; return null;`,
})
/** The seller's token list pages by id. */
@Index({ properties: ['seller', 'id'] })
export class ApiToken extends SellerOwned {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text' })
  name!: string;

  /** SHA-256 of the secret, hex: the secret itself is shown once and never stored. */
  @Property({ type: 'text', unique: true })
  secretHash!: string;

  /** The first characters of the token, so a person can tell tokens apart in a list. */
  @Property({ type: 'text' })
  prefix!: string;

  @Property({ type: 'text[]' })
  scopes!: Scope[];

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt: (Date & Opt) | null = null;

  /**
   * When a request last authenticated with it: stamped when the token is looked up (a
   * cached token is not, for up to AUTH_CACHE_MS) and at most once a minute per token
   * (recordTokenUse), so the request path does not write on every call.
   */
  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt: (Date & Opt) | null = null;

  /**
   * The token that created this one (null: the operator). A leaked token may have minted
   * others; this is how its holder finds and revokes them too.
   */
  @Property({ type: 'uuid', nullable: true })
  issuedBy: (string & Opt) | null = null;
}
