import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTranslator } from '@engine/core';
import { createRoutes } from '@engine/react';
import type { RouteConfig, RoutesConfig } from '@schemas/config/routes-config.schema';
import { accessFlagNames, type AccessFlag } from '@schemas/entities/access-flags.schema';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { learner, renderShell } from '@/shell/__tests__/test-utils';
import routesConfig from '../../../routes.config.json';
import { pages } from '../pages';

const config = routesConfig as RoutesConfig;
const arabic = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../translations/interface-ar.json'), 'utf8'),
) as Record<string, string>;

/** The administration landing pages: each lists the pages below it. */
const landingPageKeys = [
  'storefront-settings',
  'incentives-settings',
  'site-admin',
  'course-administration',
];

interface Landing {
  path: string;
  /** The route holding the landing page as its index, with the pages below it. */
  route: RouteConfig;
}

/** Where the routes config puts each landing page. */
function landings(): Map<string, Landing> {
  const found = new Map<string, Landing>();
  const visit = (routes: RouteConfig[], base: string) => {
    for (const route of routes) {
      const path = route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
      const index = route.children?.find((child) => child.path === '');
      if (index?.page && landingPageKeys.includes(index.page))
        found.set(index.page, { path, route });
      if (route.children) visit(route.children, path);
    }
  };
  visit(config.routes, '');
  return found;
}

/** What a child's card leads to and says, read off its declaration. */
function cardOf(parent: string, child: RouteConfig) {
  const index = child.children?.find((c) => c.path === '');
  return {
    href: `${parent}/${child.path}`,
    text: `${child.breadcrumb ?? child.title ?? ''}${child.description ?? index?.description ?? ''}`,
    flags: [...(child.access ?? []), ...(index?.access ?? [])].flatMap((rule) => rule.flags),
  };
}

/** The cards a landing page should show: every child with an address of its own. */
const expectedCards = (landing: Landing) =>
  (landing.route.children ?? [])
    .filter((child) => child.path !== '' && !child.path.includes(':'))
    .map((child) => cardOf(landing.path, child));

const everyFlag = Object.fromEntries(accessFlagNames.map((flag) => [flag, true]));
const without = (flag: AccessFlag) => ({ ...everyFlag, [flag]: false });

const Frame = ({ children }: { children?: ReactNode }) => <>{children}</>;

function renderAt(path: string, flags: Record<string, boolean>, language: 'en' | 'ar' = 'en') {
  return renderShell(null, {
    user: learner,
    flags,
    path,
    routes: () => createRoutes(config, { pages, layouts: { standard: Frame, bare: Frame } }),
    ...(language === 'ar'
      ? {
          translator: createTranslator({
            language: 'ar',
            dir: 'rtl',
            translations: Object.entries(arabic).map(([source, translation]) => ({
              source,
              translation,
            })),
          }),
        }
      : {}),
  });
}

/** The cards on screen: where each leads and what it says. */
async function cardsOnScreen() {
  const heading = await screen.findByRole('heading', { level: 1 });
  const list = screen.getByRole('list', { name: heading.textContent });
  return within(list)
    .getAllByRole('link')
    .map((link) => ({ href: link.getAttribute('href'), text: link.textContent }));
}

describe('the administration landing pages', () => {
  it('are all declared in the routes config', () => {
    expect([...landings().keys()].sort()).toEqual([...landingPageKeys].sort());
  });

  for (const [key, landing] of landings()) {
    it(`${key} lists the pages declared below ${landing.path}, in declared order`, async () => {
      renderAt(landing.path, everyFlag);
      const expected = expectedCards(landing).map(({ href, text }) => ({ href, text }));
      expect(expected.length).toBeGreaterThan(0);
      expect(await cardsOnScreen()).toEqual(expected);
    });
  }

  // Each flag a page below a landing page needs beyond the landing page's own.
  const narrower = [...landings().values()].flatMap((landing) =>
    [...new Set(expectedCards(landing).flatMap((card) => card.flags))].map((flag) => ({
      landing,
      flag,
    })),
  );

  it('has pages below a landing page that need a flag of their own', () => {
    expect(narrower.length).toBeGreaterThan(0);
  });

  for (const { landing, flag } of narrower) {
    it(`leaves out of ${landing.path} the pages needing ${flag} for a user without it`, async () => {
      renderAt(landing.path, without(flag));
      const expected = expectedCards(landing)
        .filter((card) => !card.flags.includes(flag))
        .map(({ href, text }) => ({ href, text }));
      expect(await cardsOnScreen()).toEqual(expected);
    });
  }

  it('shows the badges settings, declared by config alone, on the incentives settings page, in Arabic too', async () => {
    const incentives = landings().get('incentives-settings')!;
    const badges = incentives.route.children!.find((child) => child.document === 'badges')!;
    renderAt(incentives.path, everyFlag, 'ar');
    const title = arabic[badges.breadcrumb!]!;
    const card = await screen.findByRole('link', { name: (name) => name.startsWith(title) });
    expect(card).toHaveTextContent(arabic[badges.description!]!);
    expect(card).toHaveAttribute('href', `${incentives.path}/${badges.path}`);
  });
});
