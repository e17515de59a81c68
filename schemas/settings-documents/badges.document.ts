import type { SettingsDocumentDeclaration } from '../config/settings-document.schema';

/** Badges: the levels learners reach by collecting points, shown beside their points. */
export const badgesDocument = {
  key: 'badges',
  schema: {
    $id: 'atrium:settings-document:badges',
    type: 'object',
    title: 'Badges',
    description: 'The levels learners reach as they collect points.',
    required: ['enabled', 'title', 'levels'],
    additionalProperties: false,
    properties: {
      enabled: {
        type: 'boolean',
        title: 'Show badges to learners',
        default: false,
      },
      title: {
        type: 'string',
        title: 'Heading',
        description: 'What learners see above their badge.',
        minLength: 1,
        maxLength: 100,
        default: 'Your badge',
      },
      levels: {
        type: 'array',
        title: 'Levels',
        description: 'From the first level up: a learner holds the highest one they reached.',
        maxItems: 20,
        default: [
          { name: 'Bronze', points: 100 },
          { name: 'Silver', points: 500 },
          { name: 'Gold', points: 1000 },
        ],
        items: {
          type: 'object',
          title: 'Level',
          required: ['name', 'points'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', title: 'Name', minLength: 1, maxLength: 60 },
            points: {
              type: 'integer',
              title: 'Points needed',
              minimum: 0,
              maximum: 1000000,
              default: 0,
            },
          },
        },
      },
    },
  },
  uiSchema: {
    levels: { items: { 'ui:order': ['name', 'points'] } },
  },
  access: { read: ['incentives_settings'], change: ['incentives_settings'] },
} as const satisfies SettingsDocumentDeclaration;
