import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRead } from '../../src/db/prepared.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

describe('executeRead: reads as named statements, a bounded number of them', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('prepares each new statement text until the limit, then runs further texts unprepared with the same answers', async () => {
    const em = database.orm.em.fork();
    const answers: { prepared: boolean; echo: number }[] = [];
    for (let text = 0; text < 260; text++) {
      // A named statement is in pg_prepared_statements while it runs; an unnamed one is not.
      const [row] = await executeRead<{ prepared: boolean; echo: number }>(
        em,
        `select exists(select 1 from pg_prepared_statements where statement like '%text ${text} of the limit test%') as prepared, ?::int as echo -- text ${text} of the limit test`,
        [text],
      );
      answers.push(row!);
    }
    expect(answers.map((answer) => answer.echo)).toEqual(answers.map((_, text) => text));
    const prepared = answers.filter((answer) => answer.prepared).length;
    expect(answers[0]!.prepared).toBe(true);
    expect(prepared).toBeGreaterThan(150);
    expect(prepared).toBeLessThanOrEqual(200);
    // The prepared ones are the first texts seen: the limit stops new names, never answers.
    expect(answers.slice(0, prepared).every((answer) => answer.prepared)).toBe(true);
    expect(answers.slice(prepared).some((answer) => answer.prepared)).toBe(false);
  });
});
