import { createApplication, installApplication } from '../../src/auth/application.service.js';
import type { Orm } from '../../src/db/orm.js';
import { graphql, type TestApp, type TestSeller } from '../support/app.js';

export interface TestApplication {
  id: string;
  credential: string;
  headers: Record<string, string>;
}

/** An application with its credential, installed by the given sellers. */
export async function createTestApplication(orm: Orm, options: { name?: string; installedBy?: TestSeller[] } = {}): Promise<TestApplication> {
  const { credential, application } = await createApplication(orm.em.fork(), options.name ?? 'Test app');
  for (const seller of options.installedBy ?? []) {
    await installApplication(orm.em.fork(), { applicationId: application.id, sellerId: seller.id });
  }
  return { id: application.id, credential, headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' } };
}

/** A GraphQL call as a seller that fails the test on any error. */
export async function gql<T = any>(server: TestApp, seller: TestSeller, query: string, variables?: Record<string, unknown>): Promise<T> {
  const reply = await graphql<T>(server.url, query, { headers: seller.headers, variables });
  if (reply.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(reply.body.errors)}`);
  return reply.body.data as T;
}

/** The first error code of a GraphQL call expected to fail. */
export async function gqlErrorCode(server: TestApp, seller: TestSeller, query: string, variables?: Record<string, unknown>): Promise<unknown> {
  const reply = await graphql(server.url, query, { headers: seller.headers, variables });
  return reply.body.errors?.[0]?.extensions?.code;
}
