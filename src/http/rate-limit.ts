import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { RestApp } from './rest.js';

/** Whose budget a request or an operation spends. */
export interface RateSubject {
  principal?: { tokenId: string; sellerId: string };
  applicationId?: string;
  /** The client address: the budget of requests without a valid credential. */
  ip: string;
}

/**
 * One budget per API token (by its id, however the header was spelled), per application,
 * and per client address for requests without a valid credential (an IPv6 client's /64,
 * so an attacker cannot rotate through its own addresses).
 */
export function rateLimitKey(subject: RateSubject): string {
  if (subject.principal) return `token:${subject.principal.tokenId}`;
  if (subject.applicationId) return `app:${subject.applicationId}`;
  return `ip:${normalizeIP(subject.ip)}`;
}

/** The seller's budget over all its tokens: minting tokens does not multiply what a seller may spend. */
function sellerKey(subject: RateSubject): string {
  return `seller:${subject.principal!.sellerId}`;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimits {
  /** Spends one request of the caller's budget; over it, throws the 429 (with `Retry-After`, `RateLimit-*`). */
  limitRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Spends one unit of a subject's budget outside HTTP (a graphql-ws operation). */
  take(subject: RateSubject): Promise<RateDecision>;
}

/**
 * `@fastify/rate-limit` with the counters in Redis when REDIS_URL is set (so a budget
 * holds across processes), in memory otherwise. It adds no hook of its own: the server
 * spends the budget once the caller is known (see server.ts), and graphql-ws operations
 * spend the same budget through `take`.
 */
export async function registerRateLimits(app: RestApp, config: Config): Promise<RateLimits> {
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    enableDraftSpec: true,
    keyGenerator: (request) => rateLimitKey(request),
    ...(redisStore(app, config) ?? {}),
  });
  const limitRequest = app.rateLimit();
  const limiter = app.createRateLimit();
  const sellerLimiter = app.createRateLimit({ max: config.rateLimitPerSellerPerMinute, keyGenerator: (request) => sellerKey(request) });
  // The limiter reads a request for its key and route settings; an operation has no route.
  const asRequest = ({ principal, applicationId, ip }: RateSubject) =>
    ({ principal, applicationId, ip, routeOptions: { config: {} } }) as unknown as FastifyRequest;
  const decide = (result: Awaited<ReturnType<typeof limiter>>): RateDecision =>
    result.isAllowed || !result.isExceeded ? { allowed: true } : { allowed: false, retryAfterSeconds: result.ttlInSeconds };
  /** The token's budget first (its RateLimit-* headers), then its seller's. */
  const take = async (subject: RateSubject): Promise<RateDecision> => {
    const own = decide(await limiter(asRequest(subject)));
    if (!own.allowed || !subject.principal) return own;
    return decide(await sellerLimiter(asRequest(subject)));
  };
  return {
    limitRequest: async (request, reply) => {
      await limitRequest.call(app, request, reply);
      if (!request.principal) return;
      const seller = decide(await sellerLimiter(request));
      if (seller.allowed) return;
      reply.header('retry-after', String(seller.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', `The seller's budget over all its tokens is spent; retry in ${seller.retryAfterSeconds} s`);
    },
    take,
  };
}

function redisStore(app: RestApp, config: Config): { redis: Redis; nameSpace: string } | undefined {
  if (!config.redisUrl) return undefined;
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return { redis, nameSpace: 'ponte-rate-limit:' };
}

export type RouteRateLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * For a route that opts out of the callers' budgets (`rateLimit: false`) to spend one of
 * its own choosing once it knows whose: `max` requests a minute per `key`, counted like
 * the callers' budgets (in Redis when REDIS_URL is set); over it, the same 429 with
 * `Retry-After` and `RateLimit-*`. The limiter is made at the first request, so a route
 * module still registers on an app without the plugin (tests listing routes).
 */
export function keyedRateLimit(app: RestApp, max: number): (request: FastifyRequest, reply: FastifyReply, key: string) => Promise<void> {
  const keys = new WeakMap<FastifyRequest, string>();
  let limit: ReturnType<RestApp['rateLimit']> | undefined;
  return async (request, reply, key) => {
    limit ??= app.rateLimit({ max, timeWindow: 60_000, keyGenerator: (limited) => keys.get(limited) ?? rateLimitKey(limited) });
    keys.set(request, key);
    await limit.call(app, request, reply);
  };
}

/** The budget of the caller's address (requests without a credential), for a route that opts out of the usual hook. */
export function addressRateLimit(app: RestApp): RouteRateLimit {
  let limit: ReturnType<RestApp['rateLimit']> | undefined;
  return async (request, reply) => {
    limit ??= app.rateLimit();
    await limit.call(app, request, reply);
  };
}
