import { it } from 'vitest';
import { report } from './reporter.js';

it('reports a violation', () => {
  report('a delivery out of contract');
});
