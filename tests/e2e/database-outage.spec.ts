import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browser as ApiClient,
  ledgerProblems,
  pointsOf,
  proxyFor,
  setUpShop,
  sleep,
  startServer,
  throughProxy,
  withDb,
  PROCESS_TEST_TIMEOUT_MS,
  type DatabaseProxy,
  type ServerProcess,
  type ShopSetup,
  type Store,
  postgresStore,
} from '../server/process/server-process';
import { launchBrowser, logIn } from './fixtures';

const ADMIN_URL = process.env.ATRIUM_TEST_DATABASE_URL;
const GENERIC_FAILURE = 'Something went wrong, please try again.';
const PRICE = 10;
const POINTS = 100;

// Only PostgreSQL runs in another process whose connections can be cut; PGlite lives inside the
// server and cannot go away on its own, so without PostgreSQL there is nothing to cut.
describe.skipIf(!ADMIN_URL)(
  'the portal while its database is away [postgres]',
  { timeout: PROCESS_TEST_TIMEOUT_MS },
  () => {
    const { browser } = launchBrowser();
    let store: Store | undefined;
    let proxy: DatabaseProxy | undefined;
    let server: ServerProcess | undefined;
    let shop: ShopSetup;
    const learnerApi = new ApiClient();

    beforeAll(async () => {
      store = await postgresStore(ADMIN_URL!);
      proxy = await proxyFor(store);
      server = await startServer(store, {
        DATABASE_URL: throughProxy(store, proxy, { connectTimeoutS: 2, queryTimeoutMs: 3_000 }),
        // This one serves the portal too, from the build the end-to-end setup made.
        CLIENT_DIR: path.resolve(import.meta.dirname, '../../dist/client'),
      });
      const admin = new ApiClient();
      await admin.login(server.origin, 'admin');
      await learnerApi.login(server.origin, 'learner');
      shop = await setUpShop(server.origin, admin, learnerApi, {
        price: PRICE,
        points: POINTS,
        title: 'Outage mug',
      });
    }, PROCESS_TEST_TIMEOUT_MS);

    afterAll(async () => {
      await server?.stop('SIGKILL');
      await proxy?.close();
      await store?.remove();
    });

    const confirm = (page: Page) => page.getByRole('button', { name: 'Confirm', exact: true });

    it('a purchase while the database is away shows the generic failure, and goes through once it is back', async () => {
      const context = await browser().newContext({
        baseURL: server!.origin,
        viewport: { width: 1280, height: 800 },
        locale: 'en-GB',
      });
      const page = await context.newPage();
      await logIn(page, 'learner', `/incentives/${shop.productId}/purchase`);
      await page.getByRole('heading', { level: 1, name: 'Confirm your purchase' }).waitFor();
      // The page has its product and the wallet (the button shows with the one and is enabled
      // with the other) before the outage begins.
      await confirm(page).waitFor();
      await expect.poll(() => confirm(page).isEnabled(), { timeout: 10_000 }).toBe(true);
      const before = await pointsOf(server!.origin, learnerApi);

      // The database refuses every connection: the checkout is retried, then given up on.
      await proxy!.refuse();
      await confirm(page).click();
      await page.getByText(GENERIC_FAILURE).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe(`/incentives/${shop.productId}/purchase`);
      await expect(confirm(page).isEnabled()).resolves.toBe(true);

      // Back again: the same button works, and the learner pays once.
      await proxy!.restore();
      for (let i = 0; i < 100; i++) {
        if ((await learnerApi.send(server!.origin, 'GET', '/api/v2/ready')).status === 200) break;
        await sleep(100);
      }
      await confirm(page).click();
      await page.waitForURL('**/incentives/purchase-success');
      await page.getByRole('heading', { level: 1, name: 'Thank you for your purchase' }).waitFor();
      expect(await pointsOf(server!.origin, learnerApi)).toBe(before - PRICE);
      expect(
        await withDb(store!, (db) => ledgerProblems(db, shop.learnerUid, [shop.productId])),
      ).toEqual([]);
      await context.close();
    });
  },
);
