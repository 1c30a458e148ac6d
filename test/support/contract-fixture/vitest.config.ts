import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** The files in name order: the first loads the reporter before the second reports through it. */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

/** Two files in one worker sharing its modules, with the contract check, as the suite runs them (vitest.config.ts). */
export default defineConfig({
  test: {
    include: ['test/support/contract-fixture/*.fixture.ts'],
    pool: 'forks',
    maxWorkers: 1,
    isolate: false,
    setupFiles: ['test/support/contract.ts'],
    sequence: { sequencer: ByName },
  },
});
