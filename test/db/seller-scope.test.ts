import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiToken } from '../../src/auth/api-token.entity.js';
import { ALL_SELLERS, forkForSeller } from '../../src/db/orm.js';
import { readRows } from '../../src/db/read-rows.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createTestSeller } from '../support/app.js';
import { recordStatements } from '../support/statements.js';

describe('seller scoping', () => {
  let database: TestDatabase;
  let sellerA: string;
  let sellerB: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    sellerA = (await createTestSeller(database.orm, { name: 'A' })).id;
    sellerB = (await createTestSeller(database.orm, { name: 'B' })).id;
  });
  afterAll(() => database.drop());

  it('refuses a tenant query on an entity manager that names no seller', async () => {
    const em = database.orm.em.fork();
    await expect(em.find(ApiToken, {})).rejects.toThrow(/seller/);
    await expect(em.count(ApiToken, {})).rejects.toThrow(/seller/);
    await expect(readRows(em, ApiToken, [])).rejects.toThrow(/seller/);
  });

  it('shows a seller-scoped entity manager only its own rows', async () => {
    const tokensOfA = await forkForSeller(database.orm, sellerA).find(ApiToken, {});
    expect(tokensOfA.map((token) => token.seller)).toEqual([sellerA]);
    const byIdFromB = await forkForSeller(database.orm, sellerB).findOne(ApiToken, { id: tokensOfA[0]!.id });
    expect(byIdFromB).toBeNull();
  });

  it('keeps the scope on plain-row reads by a list of ids', async () => {
    const [tokenOfA] = await forkForSeller(database.orm, sellerA).find(ApiToken, {});
    const ids = [tokenOfA!.id, '0190f0e0-0000-7000-8000-000000000000'];
    const ofA = await readRows(forkForSeller(database.orm, sellerA), ApiToken, [{ property: 'id', anyOf: ids }]);
    expect(ofA.map((token) => token.id)).toEqual([tokenOfA!.id]);
    expect(await readRows(forkForSeller(database.orm, sellerB), ApiToken, [{ property: 'id', anyOf: ids }])).toEqual([]);
    expect(await readRows(forkForSeller(database.orm, sellerA), ApiToken, [{ property: 'id', anyOf: [] }])).toEqual([]);
  });

  it('reads plain rows with the values the ORM hydrates, under the same property names', async () => {
    const em = forkForSeller(database.orm, sellerA);
    const [token] = await em.find(ApiToken, {});
    const [row] = await readRows(forkForSeller(database.orm, sellerA), ApiToken, [{ property: 'id', op: '=', value: token!.id }]);
    const meta = database.orm.getMetadata().get(ApiToken);
    const columns = meta.props.filter((prop) => prop.fieldNames?.length === 1 && prop.persist !== false).map((prop) => prop.name);
    expect(Object.keys(row!).sort()).toEqual([...columns].sort());
    for (const name of columns) expect(row![name as keyof ApiToken]).toEqual(token![name as keyof ApiToken]);
  });

  it("reads plain rows inside a transaction on the transaction's connection, and reports every read as a statement", async () => {
    const [token] = await forkForSeller(database.orm, sellerA).find(ApiToken, {});
    const nameOf = async (em: ReturnType<typeof forkForSeller>) => (await readRows(em, ApiToken, [{ property: 'id', op: '=', value: token!.id }]))[0]!.name;
    const rolledBack = new Error('roll back');
    await expect(
      forkForSeller(database.orm, sellerA).transactional(async (em) => {
        await em.nativeUpdate(ApiToken, { id: token!.id }, { name: 'renamed, not committed' });
        expect(await nameOf(em)).toBe('renamed, not committed');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const { result, statements } = await recordStatements(database.orm, () => nameOf(forkForSeller(database.orm, sellerA)));
    expect(result).toBe(token!.name);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "api_token" where "seller_id" = \? and "id" = \?$/);
  });

  it('keeps the scope inside transactions', async () => {
    const count = await forkForSeller(database.orm, sellerB).transactional((em) => em.count(ApiToken, {}));
    expect(count).toBe(1);
  });

  it('spans sellers only where the code says so by name', async () => {
    const all = await database.orm.em.fork().find(ApiToken, {}, ALL_SELLERS);
    expect(new Set(all.map((token) => token.seller))).toEqual(new Set([sellerA, sellerB]));
  });
});
