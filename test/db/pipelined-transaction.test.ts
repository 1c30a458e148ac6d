import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelinedTransaction } from '../../src/db/pipelined-transaction.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

describe('pipelinedTransaction', () => {
  let database: TestDatabase;
  const rows = async () =>
    (await database.orm.em.fork().execute<{ n: number }[]>('select n from pipelined order by n')).map((row) => row.n);

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.orm.em.getConnection().execute('create table pipelined (n int primary key)');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('commits with the statement after commitWithNext: its writes are visible before the work ends', async () => {
    const seen = await pipelinedTransaction(database.orm.em.fork(), async (tx, commitWithNext) => {
      await tx.execute('insert into pipelined (n) values (?)', [1]);
      expect(await rows()).toEqual([]);
      commitWithNext();
      const [inserted] = await tx.execute<{ n: number }[]>('insert into pipelined (n) values (?) returning n', [2]);
      expect(inserted).toEqual({ n: 2 });
      return rows();
    });
    expect(seen).toEqual([1, 2]);
    await expect(
      pipelinedTransaction(database.orm.em.fork(), async (tx, commitWithNext) => {
        commitWithNext();
        await tx.execute('insert into pipelined (n) values (?)', [3]);
        await tx.execute('insert into pipelined (n) values (?)', [4]);
      }),
    ).rejects.toThrow(/after the commit/);
    expect(await rows()).toEqual([1, 2, 3]);
  });

  it('commits on its own when no statement carried the commit, and answers rows from a first statement sent with BEGIN', async () => {
    const first = await pipelinedTransaction(database.orm.em.fork(), async (tx) => tx.execute<{ n: number }[]>('insert into pipelined (n) values (?) returning n', [10]));
    expect(first).toEqual([{ n: 10 }]);
    expect(await rows()).toContain(10);
  });

  it('rolls back everything when the last statement fails, converting the error as execute does, and returns a usable connection', async () => {
    const before = await rows();
    // More failures than the pool has connections: none is kept in a broken transaction.
    for (let i = 0; i < 12; i++) {
      const failed = pipelinedTransaction(database.orm.em.fork(), async (tx, commitWithNext) => {
        await tx.execute('insert into pipelined (n) values (?)', [100 + i]);
        commitWithNext();
        await tx.execute('insert into pipelined (n) values (?)', [1]);
      });
      await expect(failed).rejects.toBeInstanceOf(UniqueConstraintViolationException);
    }
    await expect(
      pipelinedTransaction(database.orm.em.fork(), async (tx) => {
        await tx.execute('insert into pipelined (n) values (?)', [200]);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await rows()).toEqual(before);
  });
});
