import type { FromSchema } from 'json-schema-to-ts';

/** `GET incentives/wallet`: the balance, derived from the points ledger. Never negative. */
export const walletSchema = {
  $id: 'atrium:wallet',
  type: 'object',
  required: ['points'],
  additionalProperties: false,
  properties: {
    points: { type: 'integer', minimum: 0 },
    lifetime_points: { type: 'integer', minimum: 0 },
  },
} as const;
export type Wallet = FromSchema<typeof walletSchema>;
