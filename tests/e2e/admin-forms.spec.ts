import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dateInputFormat, timeInputFormat } from '../../engine/core';
import { restrictionTypeDeclarations as declarations } from '../../schemas/entities/restriction-types';
import arabic from '../../translations/interface-ar.json';
import { callApi, DEMO_PASSWORD, launchBrowser, logIn, newPage, settled } from './fixtures';

const { browser } = launchBrowser();

interface Served {
  type: string;
  label: string;
  options: { value: string | number; label: string }[];
}

interface Product {
  id: number;
  title: string;
  restrictions: { type: string; value: string | number | (string | number)[] }[];
}

const ar = arabic as Record<string, string>;

async function setLanguage(page: Page, language: string | null): Promise<void> {
  const me = (await callApi(page, 'GET', 'me')).json.data as { uid: number };
  expect((await callApi(page, 'PATCH', `users/${me.uid}`, { language })).status).toBe(200);
}

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function expectNoOverflow(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe('the reward audience editor', () => {
  for (const [language, width] of [
    ['en', 1280],
    ['ar', 390],
  ] as const) {
    it(`offers named restriction types and values (${language}, ${width} px)`, async () => {
      const { context, page } = await newPage(browser(), { width });
      await logIn(page, 'admin');
      await setLanguage(page, language);
      const tr = (text: string) => (language === 'ar' ? (ar[text] ?? text) : text);
      try {
        const served = (
          (await callApi(page, 'GET', 'storefront/settings')).json.data as {
            restrictions: { registered: Served[] };
          }
        ).restrictions.registered;
        expect(served.length).toBeGreaterThan(0);

        await page.goto('/settings/incentives/products/create');
        await settled(page);
        await page.getByRole('button', { name: tr('Add a restriction') }).click();
        const row = page.getByRole('group', { name: `${tr('Restriction')} 1` });
        const type = row.getByRole('combobox', { name: new RegExp(`^${tr('Who may buy it')}`) });
        const names = await type.evaluate((s: HTMLSelectElement) =>
          [...s.options].filter((o) => o.value !== '').map((o) => o.text),
        );
        expect(names).toEqual(served.map((r) => tr(r.label)));
        expect(names.join(' ')).not.toMatch(/Option \d/);

        // Each type's values are the names the server offers for it.
        for (const kind of served) {
          await type.selectOption({ label: tr(kind.label) });
          const several = declarations.find((d) => d.type === kind.type)?.dialog.registered;
          const label = new RegExp(`^${tr(kind.label)}`);
          // One value: a select; several: a group of checkboxes, each named.
          const offered =
            several === 'several'
              ? await row
                  .getByRole('group', { name: label })
                  .getByRole('checkbox')
                  .evaluateAll((boxes) => boxes.map((b) => b.closest('label')?.innerText.trim()))
              : await row
                  .getByRole('combobox', { name: label })
                  .evaluate((s: HTMLSelectElement) =>
                    [...s.options].filter((o) => o.value !== '').map((o) => o.text),
                  );
          expect(offered).toEqual(kind.options.map((o) => o.label));
        }
        await expectNoOverflow(page);

        const remove = tr('Remove @item').replace('@item', `${tr('Restriction')} 1`);
        await page.getByRole('button', { name: remove }).click();
        await row.waitFor({ state: 'detached' });
        await expect(
          page.getByText(tr('Everyone who can use the shop may buy it.')).isVisible(),
        ).resolves.toBe(true);
      } finally {
        await setLanguage(page, 'en');
        await context.close();
      }
    });
  }

  it('shows a saved restriction’s values by name', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    try {
      const products = (await callApi(page, 'GET', 'incentives/products?limit=100')).json
        .data as Product[];
      const restricted = products.find((p) => p.restrictions.length > 0);
      expect(restricted).toBeDefined();
      const served = (
        (await callApi(page, 'GET', 'storefront/settings')).json.data as {
          restrictions: { registered: Served[] };
        }
      ).restrictions.registered;
      const first = restricted!.restrictions[0]!;
      const kind = served.find((r) => r.type === first.type)!;
      const wanted = (Array.isArray(first.value) ? first.value : [first.value]).map(
        (v) => kind.options.find((o) => o.value === v)!.label,
      );

      await page.goto(`/settings/incentives/products/${restricted!.id}/edit`);
      await settled(page);
      const row = page.getByRole('group', { name: 'Restriction 1' });
      const type = row.getByRole('combobox', { name: /^Who may buy it/ });
      expect(await type.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe(
        kind.label,
      );
      const label = new RegExp(`^${kind.label}`);
      const chosen = Array.isArray(first.value)
        ? await row
            .getByRole('group', { name: label })
            .getByRole('checkbox', { checked: true })
            .evaluateAll((boxes) => boxes.map((b) => b.closest('label')?.innerText.trim() ?? ''))
        : await row
            .getByRole('combobox', { name: label })
            .evaluate((s: HTMLSelectElement) => [...s.selectedOptions].map((o) => o.text));
      expect(chosen.sort()).toEqual(wanted.sort());
    } finally {
      await context.close();
    }
  });
});

describe('the profile form', () => {
  for (const [name, language] of [
    ['learner', null],
    ['admin', 'ar'],
  ] as const) {
    it(`shows ${name}’s language and time zone, “Site default” included`, async () => {
      const { context, page } = await newPage(browser());
      await logIn(page, name);
      const before = (await callApi(page, 'GET', 'me')).json.data as { language: string | null };
      if (language) await setLanguage(page, language);
      const me = (await callApi(page, 'GET', 'me')).json.data as {
        uid: number;
        language: string | null;
        timezone: string | null;
      };
      const tr = (text: string) => (me.language === 'ar' ? (ar[text] ?? text) : text);
      try {
        await page.goto(`/user/${me.uid}/edit`);
        await settled(page);
        const selected = (label: string) =>
          page
            .getByLabel(tr(label), { exact: true })
            .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text ?? '');
        const languages = (await callApi(page, 'GET', 'languages')).json.data as {
          langcode: string;
          name: string;
          native_name: string;
        }[];
        const entry = languages.find((l) => l.langcode === me.language);
        const shownLanguage = await selected('Language');
        if (entry) expect([entry.name, entry.native_name]).toContain(shownLanguage);
        else expect(shownLanguage).toBe(tr('Site default'));
        const shownZone = await selected('Time zone');
        if (me.timezone) expect(shownZone).toContain(me.timezone.split('/').at(-1));
        else expect(shownZone).toBe(tr('Site default'));
        await expect(page.getByLabel(tr('Time zone'), { exact: true }).isVisible()).resolves.toBe(
          true,
        );
      } finally {
        if (language && before.language) await setLanguage(page, before.language);
        await context.close();
      }
    });
  }
});

describe('date and time fields', () => {
  it('show and accept the site’s own date and time formats', async () => {
    const { context, page } = await newPage(browser());
    await logIn(page, 'admin');
    try {
      const general = (await callApi(page, 'GET', 'settings?type=general')).json.data as {
        date_time_formats: { short: string };
      };
      // The short format as a pattern: each PHP-style letter a run of digits.
      const digits: Record<string, string> = {
        d: '\\d{2}',
        j: '\\d{1,2}',
        m: '\\d{2}',
        n: '\\d{1,2}',
        Y: '\\d{4}',
        H: '\\d{2}',
        G: '\\d{1,2}',
        i: '\\d{2}',
        h: '\\d{2}',
        g: '\\d{1,2}',
        A: '(AM|PM)',
        a: '(am|pm)',
      };
      const pattern = new RegExp(
        `^${[...general.date_time_formats.short]
          .map((c) => digits[c] ?? c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('')}$`,
      );
      const products = (await callApi(page, 'GET', 'incentives/products?limit=100')).json.data as {
        id: number;
        available_from: string | null;
      }[];
      const dated = products.find((p) => p.available_from);
      expect(dated).toBeDefined();
      await page.goto(`/settings/incentives/products/${dated!.id}/edit`);
      await settled(page);
      const from = page.getByRole('textbox', { name: 'Available from' });
      const shown = await from.inputValue();
      expect(shown).toMatch(pattern);
      expect(await from.getAttribute('type')).toBe('text');

      // What is typed in the same format is read back as it was typed.
      const until = page.getByRole('textbox', { name: 'Available until' });
      await until.fill(shown);
      await until.blur();
      expect(await until.inputValue()).toBe(shown);
      expect(await page.getByText(/Enter a date/).count(), 'no complaint about the format').toBe(0);
    } finally {
      await context.close();
    }
  });
});

type Kind = 'date' | 'time' | 'date-time';
const KINDS = ['date', 'time', 'date-time'] as const;

/** Every form schema the portal renders with the schema form: the features' and the shared. */
const formModules = {
  ...import.meta.glob<Record<string, unknown>>('../../src/features/**/*-form.schema.ts', {
    eager: true,
  }),
  ...import.meta.glob<Record<string, unknown>>('../../schemas/forms/*.schema.ts', { eager: true }),
};

/** The fields of a schema with a date, time or date-time format, by their titles, deep. */
function temporalFields(schema: unknown, found: { title: string; kind: Kind }[] = []) {
  if (Array.isArray(schema)) for (const item of schema) temporalFields(item, found);
  else if (schema && typeof schema === 'object') {
    const node = schema as { format?: unknown; title?: unknown };
    if (KINDS.includes(node.format as Kind) && typeof node.title === 'string')
      found.push({ title: node.title, kind: node.format as Kind });
    for (const value of Object.values(schema)) temporalFields(value, found);
  }
  return found;
}

/** The forms with such fields, by the schema's `$id` (else where it is exported), and their fields. */
const temporalForms = Object.entries(formModules)
  .flatMap(([file, module]) =>
    Object.entries(module).map(([name, value]) => ({ file, name, value })),
  )
  .filter(({ value }) => (value as { type?: unknown } | null)?.type === 'object')
  .map(({ file, name, value }) => ({
    id: (value as { $id?: string }).$id ?? `${file}#${name}`,
    fields: temporalFields(value),
  }))
  .filter((form) => form.fields.length > 0);

/** Looks up an interface text in the language a page is read in. */
type Tr = (text: string) => string;

interface Place {
  user: string;
  path: string;
  /**
   * What to do on the page before its fields show (open a dialog, pick a type); returns where
   * they then are, when not in the page's main part.
   */
  prepare?: (page: Page, tr: Tr) => Promise<Locator | undefined>;
}

/** Where each form with date or time fields is filled in. */
const FORM_PAGES: Record<string, Place> = {
  'atrium:forms:product': { user: 'admin', path: '/settings/incentives/products/create' },
  'atrium:forms:expiry-schedule': {
    user: 'admin',
    path: '/settings/incentives/schedules/create',
    prepare: async (page, tr) => {
      await page.getByRole('radio', { name: tr('On a fixed date each year') }).check();
      return undefined;
    },
  },
};

/** The pages with date or time fields of their own, outside the schema forms. */
const OTHER_PLACES: Record<string, Place> = {
  'weekly hours and date overrides': {
    user: 'trainer',
    path: '/availability',
    // Both editors are there: the weekly hours (the demo trainer has some) and an override's date.
    prepare: async (page, tr) => {
      const main = page.getByRole('main');
      const from = new RegExp(`^${tr('@day from').replace('@day', '.+')}$`);
      await main.getByRole('textbox', { name: from }).first().waitFor();
      await main.getByRole('textbox', { name: tr('Date'), exact: true }).waitFor();
      return undefined;
    },
  },
  'extra hours and time off': {
    user: 'trainer',
    path: '/availability',
    prepare: async (page, tr) => {
      const main = page.getByRole('main');
      await main.getByRole('button', { name: tr('Add time'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: tr('Add time') });
      await dialog.waitFor();
      return dialog;
    },
  },
  'available trainers search': { user: 'courseadmin', path: '/course-administration/availability' },
  'transaction filters': { user: 'admin', path: '/settings/incentives/transactions' },
  'audit filters': { user: 'admin', path: '/settings/site/audit' },
};

/**
 * How each language writes the two halves of a 12-hour clock, morning first: the letters `A`
 * and `a` of a site format. Digits are the same in both: a date is typed in Latin digits.
 */
const DAY_PERIODS: Record<string, { A: [string, string]; a: [string, string] }> = {
  en: { A: ['AM', 'PM'], a: ['am', 'pm'] },
  ar: { A: ['ص', 'م'], a: ['ص', 'م'] },
};

/**
 * A site format's letters for the example day, 31 December of this year at 18:30, written out
 * in a language: a day-first or month-first order, and a 24- or 12-hour clock, show in it.
 */
function example(format: string, language: string): string {
  const year = String(new Date().getFullYear());
  const periods = DAY_PERIODS[language]!;
  const letters: Record<string, string> = {
    ...{ d: '31', j: '31', m: '12', n: '12', Y: year, y: year.slice(2) },
    ...{ H: '18', G: '18', h: '06', g: '6', i: '30', A: periods.A[1], a: periods.a[1] },
  };
  return [...format.replace(/\\(.)/g, '$1')].map((c) => letters[c] ?? c).join('');
}

/** A site format as a pattern of any value written in it in a language. */
function patternOf(format: string, language: string): string {
  const periods = DAY_PERIODS[language]!;
  const digits: Record<string, string> = {
    ...{ d: '\\d{2}', j: '\\d{1,2}', m: '\\d{2}', n: '\\d{1,2}', Y: '\\d{4}', y: '\\d{2}' },
    ...{ H: '\\d{2}', G: '\\d{1,2}', h: '\\d{2}', g: '\\d{1,2}', i: '\\d{2}' },
    ...{ A: `(${periods.A.join('|')})`, a: `(${periods.a.join('|')})` },
  };
  return [...format].map((c) => digits[c] ?? c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('');
}

/** Signs in through the login form as it reads in the page's language. */
async function logInReading(page: Page, name: string, tr: Tr): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel(tr('Username')).fill(name);
  await page.getByLabel(tr('Password')).fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/user/login')),
    page.getByRole('button', { name: tr('Log in') }).click(),
  ]);
}

describe('every date and time field', () => {
  it('finds the schema forms with date or time fields, and knows where each is filled in', () => {
    expect(temporalForms.length).toBeGreaterThan(0);
    for (const form of temporalForms) expect(FORM_PAGES, form.id).toHaveProperty([form.id]);
  });

  const places = [
    ...temporalForms.map((form) => ({
      name: form.id,
      fields: form.fields,
      ...FORM_PAGES[form.id]!,
    })),
    ...Object.entries(OTHER_PLACES).map(([name, place]) => ({ name, fields: [], ...place })),
  ];
  // Read in English, and in Arabic: the same formats, written as each language writes them.
  for (const language of ['en', 'ar'] as const)
    for (const place of places) {
      it(`shows the site’s date and time formats: ${place.name} (${language})`, async () => {
        const tr: Tr = (text) => (language === 'ar' ? (ar[text] ?? text) : text);
        const { context, page } = await newPage(browser(), {
          locale: language === 'ar' ? 'ar' : 'en-GB',
        });
        // An account with a language of its own reads in it whatever the browser asks for: it
        // reads in this one until the test is done.
        let own: string | null = null;
        try {
          await logInReading(page, place.user, tr);
          const me = (await callApi(page, 'GET', 'me')).json.data as { language: string | null };
          if (me.language && me.language !== language) {
            await setLanguage(page, language);
            own = me.language;
          }
          const formats = (
            (await callApi(page, 'GET', 'settings?type=general')).json.data as {
              date_time_formats: Record<string, string>;
            }
          ).date_time_formats;
          // The formats a value is typed in: the date's numbers in the site's order, its clock.
          const date = dateInputFormat(formats);
          const time = timeInputFormat(formats);
          const short = formats.short ?? formats.medium ?? '';
          const between = /[djmnYy]([^A-Za-z\\]*)[gGhH][:.]i/.exec(short)?.[1] ?? ' ';
          const separator = /^[\s\-–,@|]+$/.test(between) ? between : ' ';
          const pattern = (...parts: string[]) =>
            new RegExp(`^${parts.map((part) => patternOf(part, language)).join('')}$`);
          const expected: Record<Kind, { example: string; pattern: RegExp }> = {
            date: { example: example(date, language), pattern: pattern(date) },
            time: { example: example(time, language), pattern: pattern(time) },
            'date-time': {
              example: `${example(date, language)}${separator}${example(time, language)}`,
              pattern: pattern(date, separator, time),
            },
          };
          // "e.g. 31/12/2026" as the language writes it.
          const [before, after] = tr('e.g. @example').split('@example') as [string, string];

          await page.goto(place.path);
          await settled(page);
          await page.getByRole('heading', { level: 1 }).waitFor();
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
          const scope = (await place.prepare?.(page, tr)) ?? page.getByRole('main');
          // Each declared field by its label shows an example of its own kind.
          for (const field of place.fields) {
            // A required field's label ends in its star.
            const label = new RegExp(
              `^${tr(field.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`,
            );
            const box = scope.getByRole('textbox', { name: label });
            await box.waitFor();
            expect(await box.getAttribute('placeholder'), field.title).toBe(
              `${before}${expected[field.kind].example}${after}`,
            );
          }
          // Every date or time field on the page: typed as text, its example and value in the
          // site's formats; no browser date picker, which writes the browser's own order.
          await expect(
            scope
              .locator('input[type="date"], input[type="time"], input[type="datetime-local"]')
              .count(),
          ).resolves.toBe(0);
          const withExample = scope.locator(`input[placeholder^="${before}"]`);
          await withExample.first().waitFor();
          const fields = await withExample.evaluateAll((inputs) =>
            (inputs as HTMLInputElement[]).map((input) => ({
              name: input.labels?.[0]?.textContent ?? input.getAttribute('aria-label') ?? input.id,
              placeholder: input.placeholder,
              value: input.value,
            })),
          );
          expect(fields.length).toBeGreaterThan(0);
          for (const field of fields) {
            const example = field.placeholder.slice(
              before.length,
              field.placeholder.length - after.length,
            );
            const kind = KINDS.find((k) => expected[k].example === example);
            expect(kind, `${field.name}: ${field.placeholder}`).toBeDefined();
            if (field.value) expect(field.value, field.name).toMatch(expected[kind!].pattern);
          }
        } finally {
          if (own) await setLanguage(page, own);
          await context.close();
        }
      });
    }
});
