import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeEachDb,
  refuseAuditWrites,
  rewardBody,
  signedIn,
  type Agent,
  type TestServer,
} from './helpers';

/** Tables that change on every request (session activity, login attempts), not by a save. */
const BOOKKEEPING = new Set(['sessions', 'login_failures', 'idempotency_keys']);

/** A checksum of every row of every table but the bookkeeping ones, by table. */
async function contents(server: TestServer): Promise<Record<string, string>> {
  const { rows: tables } = await server.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    if (BOOKKEEPING.has(name)) continue;
    const { rows } = await server.db.query<{ sum: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS sum FROM "${name}" t`,
    );
    sums[name] = rows[0]?.sum ?? 'empty';
  }
  return sums;
}

type Write = [method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown];

/** Administrator saves that write their change and an audit entry; `{learner}` is replaced. */
const AUDITED_WRITES: Write[] = [
  [
    'POST',
    '/api/v2/settings/incentives/shop',
    { title: 'x', intro: '', banner: null, banner_height: 100, expiry_warning_days: 5 },
  ],
  ['POST', '/api/v2/incentives/adjustments', { uid: '{learner}', points: 5, note: 'x' }],
  ['POST', '/api/v2/incentives/adjustments', { uid: '{learner}', points: -1, note: 'x' }],
  ['POST', '/api/v2/incentives/products', rewardBody('Half-written')],
  ['DELETE', '/api/v2/incentives/products/1'],
  [
    'POST',
    '/api/v2/incentives/expiry_schedules',
    { name: 'Half-written', type: 'rolling', months: 6 },
  ],
  ['PATCH', '/api/v2/users/{learner}', { timezone: 'Europe/Berlin' }],
  ['POST', '/api/v2/settings/footer', { footer_text: 'Half-written' }],
  ['PUT', '/api/v2/users/{learner}/roles', { roles: [] }],
  ['PUT', '/api/v2/admin/access/learner', { flags: [] }],
  ['PATCH', '/api/v2/languages/ar', { weight: 9 }],
  // The first save of a language's storefront: the layout, its sections and the entry.
  [
    'POST',
    '/api/v2/storefront/manage',
    {
      type: 'unregistered',
      language: 'fr',
      sections: [
        {
          id: null,
          type: 'hero',
          weight: 0,
          data: { content: { heading: 'x' }, settings: {}, appearance: {}, restrictions: [] },
        },
      ],
    },
  ],
];

describeEachDb('a save and its audit entry', (server) => {
  let admin: Agent;
  let learner: number;
  let acceptAuditWrites: () => Promise<void>;

  beforeAll(async () => {
    admin = await signedIn(server, 'admin');
    const { rows } = await server().db.query<{ uid: number }>(
      'SELECT uid FROM users WHERE name = $1',
      ['learner'],
    );
    learner = rows[0]!.uid;
    // A language without a storefront, for the save that creates its layout.
    await server().db.query(`INSERT INTO languages (langcode, name) VALUES ('fr', 'French')`);
    acceptAuditWrites = await refuseAuditWrites(server().db);
  });

  afterAll(() => acceptAuditWrites());

  it('are written together or not at all: when the audit entry fails, the save leaves nothing', async () => {
    const before = await contents(server());
    const answers: string[] = [];
    for (const [method, template, body] of AUDITED_WRITES) {
      const url = template.replace('{learner}', String(learner));
      const sent =
        body === undefined
          ? undefined
          : JSON.parse(JSON.stringify(body).replace('"{learner}"', String(learner)));
      const res =
        method === 'DELETE'
          ? await admin.delete(url)
          : await admin[method.toLowerCase() as 'post' | 'put' | 'patch'](url, sent);
      answers.push(`${method} ${template} ${res.statusCode}`);
    }
    // Each save failed as a whole (500) rather than half-succeeding (200 without its entry) …
    expect(answers).toEqual(AUDITED_WRITES.map(([m, url]) => `${m} ${url} 500`));
    // … and left every table as it was.
    expect(await contents(server())).toEqual(before);
  });
});
