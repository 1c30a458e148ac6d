import { createRequire } from 'node:module';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The import rules CI enforces (docs/architecture.md): the same file `npm run deps:check` reads.
const rules = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;

/** Every broken rule in the `src/` tree under `baseDir`, as `rule: from → to`. */
async function violations(baseDir: string): Promise<string[]> {
  const { output } = await cruise(['src'], { ...rules.options, ruleSet: { forbidden: rules.forbidden }, validate: true, baseDir });
  const result = output as ICruiseResult;
  return result.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`).sort();
}

describe('import rules', () => {
  it('hold in src/: no cycle, no kernel importing a domain, modules listed only by src/modules.ts', async () => {
    expect(await violations('.')).toEqual([]);
  });

  it('catch every kind of break, type-only imports included, in a tree that has one of each', async () => {
    expect(await violations('test/architecture/fixture')).toEqual([
      'descriptors-only-in-modules: src/server.ts → src/orders/orders.module.ts',
      'domain-imports-no-composition: src/orders/order.routes.ts → src/server.ts',
      'kernel-imports-no-composition: src/http/rest.ts → src/modules.ts',
      'kernel-imports-no-domain: src/db/orm.ts → src/orders/order.ts',
      'no-cycles: src/orders/order.ts → src/orders/status.ts',
    ]);
  });
});
