import { expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import {
  ledgerProblems,
  pointsOf,
  sleep,
  withDb,
  PROCESS_TEST_TIMEOUT_MS,
  describeEachStore,
  signInShoppers,
} from './server-process';

/** Learners' checkout loops running side by side, each one checkout after another. */
const WORKERS = 8;
/** The kill comes once this much is acknowledged, with the loops still going. */
const KILL_AFTER = { checkouts: 40, storefront: 3, settings: 3 };
const PRICE = 7;
const START_POINTS = 100_000;

type Order = { id: number; total: number };

/** Storefront version `v`: 1 to 3 rich-text sections that each name the version. */
const sectionsOf = (v: number) =>
  Array.from({ length: 1 + (v % 3) }, (_, i) => ({
    id: null,
    type: 'rich_text',
    weight: i,
    data: {
      content: { html: `<p>version ${v} part ${i}</p>` },
      settings: {},
      appearance: {},
      restrictions: [],
    },
  }));

/** Site settings version `v`: three fields that each name the version. */
const siteOf = (v: number) => ({
  site_name: `Crash site v${v}`,
  organization_name: `Crash org v${v}`,
  logo_alt: `Crash logo v${v}`,
});

/** The one storefront version the sections' texts show, or a description of the mix. */
function storefrontVersion(htmls: string[]): number | string {
  const parsed = htmls.map((h) => /version (\d+) part (\d+)/.exec(h));
  if (parsed.some((m) => !m)) return `not ours: ${htmls.join(' | ')}`;
  const versions = new Set(parsed.map((m) => Number(m![1])));
  if (versions.size !== 1) return `mixed versions ${[...versions].join(', ')}`;
  const v = [...versions][0]!;
  const parts = parsed.map((m) => Number(m![2]));
  const whole = JSON.stringify(parts) === JSON.stringify(sectionsOf(v).map((_, i) => i));
  return whole ? v : `version ${v} with parts ${parts.join(', ')}`;
}

/** The one site settings version the three fields show, or a description of the mix. */
function siteVersion(site: Record<string, unknown>): number | string {
  const versions = new Set(
    ['site_name', 'organization_name', 'logo_alt'].map(
      (f) => /v(\d+)$/.exec(String(site[f]))?.[1] ?? `(${String(site[f])})`,
    ),
  );
  return versions.size === 1 ? Number([...versions][0]) : `mixed ${[...versions].join(', ')}`;
}

/** What the database holds of the storefront, the site settings, the audit log and the orders. */
async function stored(db: Db, layoutId: number, keys: readonly string[]) {
  const sections = await db.query<{ html: string }>(
    `SELECT content->>'html' AS html FROM storefront_sections WHERE layout_id = $1
      ORDER BY weight, id`,
    [layoutId],
  );
  const site = await db.query<{ value: Record<string, unknown> }>(
    `SELECT value FROM settings WHERE key = 'site'`,
  );
  const audits = await db.query<{ storefront: number; site: number }>(
    `SELECT (SELECT count(*)::int FROM audit_log WHERE action = 'storefront.update'
               AND target = $1) AS storefront,
            (SELECT count(*)::int FROM audit_log WHERE action = 'settings.site') AS site`,
    [`storefront:${layoutId}`],
  );
  const orders = await db.query<{ key: string; id: number; total: number }>(
    `SELECT idempotency_key AS key, id, total FROM incentive_orders
      WHERE idempotency_key = ANY($1::text[])`,
    [[...keys]],
  );
  return {
    storefront: storefrontVersion(sections.rows.map((r) => r.html)),
    site: siteVersion(site.rows[0]?.value ?? {}),
    audits: audits.rows[0]!,
    orders: new Map(orders.rows.map((r) => [r.key, { id: r.id, total: r.total }])),
  };
}

describeEachStore('crash safety', (suite) => {
  it(
    'SIGKILL amid checkouts and admin saves: every record whole, acknowledged work kept, retried keys charge once',
    async () => {
      const server = await suite.start();
      const { admin, learner, shop } = await signInShoppers(server.origin, {
        price: PRICE,
        points: START_POINTS,
        title: 'Crash mug',
      });
      const layout = await admin.send(
        server.origin,
        'GET',
        '/api/v2/storefront/manage?type=registered&language=en',
      );
      const layoutId = layout.json<{ data: { id: number } }>().data.id;
      const productsOf = (key: string) =>
        Number(key.split('-')[1]) % 2 ? [shop.productId] : [shop.productId, shop.productId];
      const checkout = (origin: string, key: string) =>
        learner.send(origin, 'POST', '/api/v2/incentives/shop_checkout', {
          body: { products: productsOf(key) },
          headers: { 'idempotency-key': key },
        });

      const sent: string[] = [];
      const acked = new Map<string, Order>();
      const unanswered: string[] = [];
      const unexpected: string[] = [];
      let storefrontAck = 0;
      let settingsAck = 0;
      let adminUnanswered = 0;

      const checkoutLoop = async (worker: number) => {
        for (let i = 0; ; i++) {
          const key = `w${worker}-${i}`;
          sent.push(key);
          const res = await checkout(server.origin, key);
          if (res.status === 0) return void unanswered.push(key);
          if (res.status === 200) {
            const { id, total } = res.json<{ data: Order }>().data;
            acked.set(key, { id, total });
          } else unexpected.push(`checkout ${res.status} ${res.body}`);
        }
      };
      const adminLoop = async () => {
        for (let v = 1; ; v++) {
          const front = await admin.send(
            server.origin,
            'PATCH',
            `/api/v2/storefront/manage/${layoutId}`,
            { body: { sections: sectionsOf(v) } },
          );
          if (front.status === 0) return void adminUnanswered++;
          if (front.status === 200) storefrontAck = v;
          else unexpected.push(`storefront ${front.status} ${front.body}`);
          const site = await admin.send(server.origin, 'POST', '/api/v2/settings/site', {
            body: siteOf(v),
          });
          if (site.status === 0) return void adminUnanswered++;
          if (site.status === 200) settingsAck = v;
          else unexpected.push(`settings ${site.status} ${site.body}`);
        }
      };
      const loops = Promise.all([
        ...Array.from({ length: WORKERS }, (_, w) => checkoutLoop(w)),
        adminLoop(),
      ]);

      for (let waited = 0; ; waited += 10) {
        const enough =
          acked.size >= KILL_AFTER.checkouts &&
          storefrontAck >= KILL_AFTER.storefront &&
          settingsAck >= KILL_AFTER.settings;
        if (enough || unexpected.length) break;
        if (waited > 60_000) throw new Error('The load did not get going within 60 s.');
        await sleep(10);
      }
      server.child.kill('SIGKILL');
      await loops;
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(unexpected).toEqual([]);
      const ackedAtKill = acked.size;

      // Straight after the crash, before any server touches the database again.
      const afterCrash = await withDb(suite.store(), async (db) => ({
        problems: await ledgerProblems(db, shop.learnerUid, [shop.productId]),
        ...(await stored(db, layoutId, sent)),
      }));
      expect(afterCrash.problems).toEqual([]);
      // Acknowledged means durable; anything else committed was in flight at the kill.
      for (const [key, order] of acked) expect(afterCrash.orders.get(key)).toEqual(order);
      const committedUnanswered = [...afterCrash.orders.keys()].filter((k) => !acked.has(k));
      for (const key of committedUnanswered) expect(unanswered).toContain(key);
      // Each admin save is one whole version: the acknowledged one or the one in flight.
      expect([storefrontAck, storefrontAck + 1]).toContain(afterCrash.storefront);
      expect([settingsAck, settingsAck + 1]).toContain(afterCrash.site);
      // Every committed version has its audit entry, committed with it, and no other.
      expect(afterCrash.audits).toEqual({
        storefront: afterCrash.storefront,
        site: afterCrash.site,
      });

      // The restarted server serves the same whole versions and answers retries once.
      const restarted = await suite.start();
      const front = await admin.send(
        restarted.origin,
        'GET',
        '/api/v2/storefront/manage?type=registered&language=en',
      );
      expect(
        storefrontVersion(
          front
            .json<{ data: { sections: { data: { content: { html: string } } }[] } }>()
            .data.sections.map((s) => s.data.content.html),
        ),
      ).toBe(afterCrash.storefront);
      const site = await admin.send(restarted.origin, 'GET', '/api/v2/settings/site');
      expect(siteVersion(site.json<{ data: Record<string, unknown> }>().data)).toBe(
        afterCrash.site,
      );

      const retried = new Map<string, Order>();
      for (let i = 0; i < sent.length; i += WORKERS) {
        const batch = sent.slice(i, i + WORKERS);
        const answers = await Promise.all(batch.map((key) => checkout(restarted.origin, key)));
        answers.forEach((res, j) => {
          expect(res.status, res.body).toBe(200);
          retried.set(batch[j]!, res.json<{ data: Order }>().data);
        });
      }
      for (const [key, order] of afterCrash.orders)
        expect(retried.get(key), `retry of ${key}`).toMatchObject(order);
      const spent = [...retried.values()].reduce((sum, o) => sum + o.total, 0);
      expect(new Set([...retried.values()].map((o) => o.id)).size).toBe(sent.length);
      expect(await pointsOf(restarted.origin, learner)).toBe(START_POINTS - spent);
      expect(await restarted.stop('SIGTERM')).toEqual({ code: 0, signal: null });

      const final = await withDb(suite.store(), async (db) => ({
        problems: await ledgerProblems(db, shop.learnerUid, [shop.productId]),
        orders: (await stored(db, layoutId, sent)).orders.size,
      }));
      expect(final).toEqual({ problems: [], orders: sent.length });

      console.info(
        `[figures] crash safety ${suite.label}: ${sent.length} checkouts sent by ${WORKERS} loops, ` +
          `${ackedAtKill} acknowledged before SIGKILL, ${unanswered.length} in flight at the kill ` +
          `(${committedUnanswered.length} of them committed), ${adminUnanswered} admin save in flight; ` +
          `storefront v${String(afterCrash.storefront)} (acknowledged v${storefrontAck}), ` +
          `site settings v${String(afterCrash.site)} (acknowledged v${settingsAck}); ` +
          `ledger problems after crash ${afterCrash.problems.length}, after ${sent.length} retries ` +
          `${final.problems.length}; double charges 0 (${sent.length} keys, ${sent.length} orders)`,
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
