import { Type, type Static } from 'typebox';

export const CloseCycleSchema = Type.Object(
  {
    periodStart: Type.String({ format: 'date-time', description: 'Inclusive' }),
    periodEnd: Type.String({ format: 'date-time', description: 'Exclusive; not in the future' }),
  },
  { additionalProperties: false },
);
export type CloseCycleInput = Static<typeof CloseCycleSchema>;
