import { expect, it } from 'vitest';
import { report } from './reporter.js';

it('loads the reporter', () => {
  expect(report).toBeTypeOf('function');
});
