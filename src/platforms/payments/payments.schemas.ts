import { Type, type Static } from 'typebox';

export const CloseCycleSchema = Type.Object(
  {
    periodStart: Type.String({ format: 'date-time', description: 'Inclusive' }),
    periodEnd: Type.String({ format: 'date-time', description: 'Exclusive; not in the future' }),
  },
  { additionalProperties: false, examples: [{ periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-01-16T00:00:00.000Z' }] },
);
export type CloseCycleInput = Static<typeof CloseCycleSchema>;
