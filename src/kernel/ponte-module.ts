import type { EntityClass } from '@mikro-orm/core';
import type { Registry } from 'prom-client';
import type { NonEmptyArray } from 'type-graphql';
import type { Orm } from '../db/orm.js';
import { registerEvents, type EventDefinition } from '../events/event-registry.js';
import type { NodeType } from '../graphql/node.js';
import type { EntityReference, SchemaParts } from '../graphql/schema.js';
import type { Config } from '../config.js';
import type { HostMount } from '../http/host-mounts.js';
import type { RestInterface } from '../http/openapi/interfaces.js';
import type { RestRoutes } from '../http/rest.js';
import { registerAudience, type Audience } from '../webhooks/fanout.js';
import { registerDeliveryPolicies, type SubscriptionKinds } from '../webhooks/policy.js';
import type { WorkerEntry } from './workers.js';

/**
 * What a module plugs into the kernels: its one descriptor (e.g. `ordersModule` in
 * src/orders/orders.module.ts). The kernels never import a module; src/modules.ts lists the
 * descriptors and hands each kernel its parts (docs/architecture.md).
 */
export interface PonteModule {
  name: string;
  /** MikroORM entities: the ORM maps them and the migrations tooling diffs them. */
  entities?: readonly EntityClass[];
  /**
   * What it serves (GraphQL, REST, hosts, interfaces), imported only by a process that
   * serves the API: a dispatcher (`ROLE=dispatcher`) starts without loading any of it.
   */
  api?: () => Promise<ModuleApi>;
  /** Background loops, with the roles that run them. */
  workers?: readonly WorkerEntry[];
  /** The events the module records: payload schema, read scope, webhooks interface group. */
  events?: readonly EventDefinition[];
  /** Kinds of webhook subscription (their delivery policies) and who receives events at fan-out. */
  webhooks?: { kinds?: Partial<SubscriptionKinds>; audience?: Audience };
  /** Metrics the module reports at every process's `/metrics` (gauges read from the database…). */
  metrics?: readonly MetricsSource[];
}

/** A module's API: its own file (e.g. src/orders/orders.api.ts), which the descriptor imports on demand. */
export interface ModuleApi {
  /** type-graphql resolver classes of the GraphQL schema. */
  resolvers?: readonly Function[];
  /** Federation: `__resolveReference` of the module's entity types, by type name. */
  references?: Readonly<Record<string, EntityReference>>;
  /** Relay: how `node(id:)` finds the module's Node types, by type name. */
  nodes?: Readonly<Record<string, NodeType>>;
  /** Fastify plugins of its REST routes. */
  routes?: readonly RestRoutes[];
  /** Parts of its routes also served at the root of a host of their own (from the config). */
  hosts?: (config: Config) => HostMount[];
  /** The interfaces its routes make up for client teams: an OpenAPI document, event schemas and a collection each. */
  interfaces?: readonly RestInterface[];
}

export interface MetricsDeps {
  registry: Registry;
  orm: Orm;
}

/** Registers a module's own metrics with a process's registry, once at start. */
export type MetricsSource = (deps: MetricsDeps) => void;

/** The modules' parts, by the kernel that takes them. */
export interface ModuleParts {
  entities: EntityClass[];
  workers: WorkerEntry[];
  events: EventDefinition[];
  metrics: MetricsSource[];
  /** The modules' API parts, imported on the first call (once). */
  api: () => Promise<ApiParts>;
}

/** The parts the HTTP server and the schema tooling take. */
export interface ApiParts {
  graphql: SchemaParts;
  routes: RestRoutes[];
  hosts: ((config: Config) => HostMount[])[];
  interfaces: RestInterface[];
}

/**
 * Registers the modules' events with the event registry and their subscription kinds and
 * audiences with the webhook dispatcher, in module order, and returns the parts the other
 * kernels take when they start (the ORM, the worker runner, the metrics registry; the
 * GraphQL schema and the HTTP server through `api`). Called once, by src/modules.ts.
 */
export function installModules(modules: readonly PonteModule[]): ModuleParts {
  const events = collect(modules, (module) => module.events);
  registerEvents(events);
  for (const { webhooks } of modules) {
    if (webhooks?.kinds) registerDeliveryPolicies(webhooks.kinds);
    if (webhooks?.audience) registerAudience(webhooks.audience);
  }
  let api: Promise<ApiParts> | undefined;
  return {
    entities: collect(modules, (module) => module.entities),
    workers: collect(modules, (module) => module.workers),
    events,
    metrics: collect(modules, (module) => module.metrics),
    api: () => (api ??= loadApis(modules)),
  };
}

/** Imports every module's API, in module order, and gathers its parts. */
async function loadApis(modules: readonly PonteModule[]): Promise<ApiParts> {
  const apis = await Promise.all(modules.map(async (module) => (await module.api?.()) ?? {}));
  const resolvers = collect(apis, (api) => api.resolvers);
  if (resolvers.length === 0) throw new Error('No module declares a GraphQL resolver');
  return {
    graphql: { resolvers: resolvers as NonEmptyArray<Function>, references: byTypeName(apis, 'references'), nodes: byTypeName(apis, 'nodes') },
    routes: collect(apis, (api) => api.routes),
    hosts: collect(apis, (api) => (api.hosts ? [api.hosts] : [])),
    interfaces: collect(apis, (api) => api.interfaces),
  };
}

function collect<M, T>(modules: readonly M[], part: (module: M) => readonly T[] | undefined): T[] {
  return modules.flatMap((module) => part(module) ?? []);
}

/** A part the modules give by GraphQL type name; two modules naming one type is a mistake. */
function byTypeName<K extends 'references' | 'nodes'>(apis: readonly ModuleApi[], part: K): Record<string, NonNullable<ModuleApi[K]>[string]> {
  const merged: Record<string, NonNullable<ModuleApi[K]>[string]> = {};
  for (const api of apis) {
    for (const [typeName, entry] of Object.entries(api[part] ?? {})) {
      if (merged[typeName]) throw new Error(`Two modules declare ${part} of ${typeName}`);
      merged[typeName] = entry as NonNullable<ModuleApi[K]>[string];
    }
  }
  return merged;
}
