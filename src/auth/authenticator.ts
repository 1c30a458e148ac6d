import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import { Counter, type Registry } from 'prom-client';
import { authenticateApplication } from './application.service.js';
import type { CredentialCache } from './credential-cache.js';
import { APP_CREDENTIAL_PREFIX, hashSecret, isWellFormedSecret, isWellFormedToken } from './secrets.js';
import { authenticateToken, type Principal } from './auth.service.js';

/** Who a bearer secret belongs to: a seller's API token or a third-party application. */
export type Credential = { kind: 'token'; principal: Principal } | { kind: 'application'; applicationId: string };

/** Hashes of secrets that failed: random secrets never become valid, a revoked one never again. */
const UNKNOWN_HASHES = { max: 50_000, ttl: 10 * 60_000 };

type Kind = Credential['kind'];

function kindOf(secret: string): Kind | undefined {
  if (isWellFormedToken(secret)) return 'token';
  if (isWellFormedSecret(secret, APP_CREDENTIAL_PREFIX)) return 'application';
  return undefined;
}

/**
 * Resolves bearer secrets, making failures cheap for us: a malformed secret is refused
 * without a query, a secret that already failed is refused from memory, and a new one
 * costs one indexed lookup. Every new secret is looked up before its caller's address is
 * charged, so a valid token is never refused for what others sent from the same address
 * (docs/security.md#what-failed-authentication-costs). A secret that passed is answered
 * from `cache` when one is given (no query), which every process empties of a credential
 * when its revocation commits (src/auth/credential-cache.ts).
 */
export class Authenticator {
  private readonly unknown = new LRUCache<string, true>(UNKNOWN_HASHES);
  private readonly lookups: Counter;
  private readonly refusals: Counter<'reason'>;
  private readonly cacheHits: Counter;

  constructor(metrics?: Registry, private readonly cache?: CredentialCache<Credential>) {
    const registers = metrics ? [metrics] : [];
    this.lookups = new Counter({ name: 'ponte_auth_lookups_total', help: 'Credentials looked up in the database', registers });
    this.refusals = new Counter({
      name: 'ponte_auth_refusals_total',
      help: 'Credentials refused: malformed and known_unknown without a query, unknown after one',
      labelNames: ['reason'],
      registers,
    });
    this.cacheHits = new Counter({ name: 'ponte_auth_cache_hits_total', help: 'Credentials answered from the credential cache, without a query', registers });
  }

  /** `em` is called only when the credential is looked up in the database. */
  async authenticate(em: () => EntityManager, secret: string | undefined): Promise<Credential | undefined> {
    if (secret === undefined) return undefined;
    const kind = kindOf(secret);
    if (!kind) return this.refuse('malformed');
    const hash = hashSecret(secret);
    if (this.unknown.has(hash)) return this.refuse('known_unknown');
    const cached = this.cache?.get(hash);
    if (cached) {
      this.cacheHits.inc();
      return cached;
    }
    this.lookups.inc();
    const ticket = this.cache?.ticket();
    const credential = await lookUp(em(), kind, secret);
    if (!credential) {
      this.unknown.set(hash, true);
      return this.refuse('unknown');
    }
    if (ticket !== undefined) this.cache!.store(hash, credential, ticket);
    return credential;
  }

  private refuse(reason: 'malformed' | 'known_unknown' | 'unknown'): undefined {
    this.refusals.inc({ reason });
    return undefined;
  }
}

async function lookUp(em: EntityManager, kind: Kind, secret: string): Promise<Credential | undefined> {
  if (kind === 'token') {
    const principal = await authenticateToken(em, secret);
    return principal && { kind, principal };
  }
  const application = await authenticateApplication(em, secret);
  return application && { kind, applicationId: application.applicationId };
}
