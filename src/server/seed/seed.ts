import { readFile } from 'node:fs/promises';
import type { Db } from '../db/db';
import { hashPassword } from '../lib/password';
import { sanitizeAdminHtml } from '../lib/sanitize';
import { createRepositories, type Repositories } from '../repositories/create-repositories';
import {
  DEMO_PASSWORD,
  baseRoles,
  demoAppearance,
  demoCookieDisclaimer,
  demoCountries,
  demoDateTimeFormats,
  demoFooter,
  demoNavigation,
  demoOrganizations,
  demoSite,
  demoUsers,
  demoVocabularies,
} from './demo-data';

/** `demo` fills an empty database with the demo site; `none` only adds roles and English. */
export type SeedMode = 'demo' | 'none';

/** Any fixed number: serializes seeding across processes sharing one PostgreSQL. */
const SEED_LOCK = 724_514_002;

const TRANSLATIONS_AR = new URL('./data/translations-ar.json', import.meta.url);

async function seedBase(repos: Repositories): Promise<void> {
  for (const [weight, role] of baseRoles.entries())
    await repos.roles.create(role.name, role.label, weight, role.flags);
  await repos.languages.create({
    langcode: 'en',
    name: 'English',
    native_name: 'English',
    direction: 0,
    weight: 0,
  });
}

async function seedDemo(repos: Repositories): Promise<void> {
  await repos.languages.create({
    langcode: 'ar',
    name: 'Arabic',
    native_name: 'العربية',
    direction: 1,
    weight: 1,
  });
  const arabic = JSON.parse(await readFile(TRANSLATIONS_AR, 'utf8')) as Record<string, string>;
  await repos.languages.upsertTranslations('ar', 'interface', arabic);

  await repos.settings.set('site', demoSite);
  await repos.settings.set('footer', demoFooter);
  await repos.settings.set('date_time_formats', demoDateTimeFormats);
  await repos.settings.set('countries', { countries: demoCountries, default_country: 'NL' });
  await repos.settings.set('appearance', demoAppearance);
  await repos.settings.set('cookie_disclaimer', {
    text: sanitizeAdminHtml(demoCookieDisclaimer),
    version: 1,
  });
  await repos.settings.set('regional', {
    default_language: 'en',
    default_timezone: 'Europe/Amsterdam',
  });

  for (const item of demoNavigation) await repos.navigation.create(item);

  const orgIds: number[] = [];
  for (const name of demoOrganizations) orgIds.push(await repos.taxonomy.createOrganization(name));

  for (const [v, vocabulary] of demoVocabularies.entries()) {
    await repos.taxonomy.createVocabulary(vocabulary.machine_name, vocabulary.name, v);
    for (const [w, term] of vocabulary.terms.entries()) {
      if (typeof term === 'string') {
        await repos.taxonomy.createTerm(vocabulary.machine_name, term, w);
      } else {
        const parent = await repos.taxonomy.createTerm(vocabulary.machine_name, term.name, w);
        for (const [c, child] of term.children.entries())
          await repos.taxonomy.createTerm(vocabulary.machine_name, child, c, parent);
      }
    }
  }

  const pass = await hashPassword(DEMO_PASSWORD);
  for (const user of demoUsers) {
    const uid = await repos.users.create({
      name: user.name,
      mail: `${user.name}@atrium.example`,
      pass,
      first_name: user.first_name,
      last_name: user.last_name,
      profile: { title: user.title, country: user.country },
      roles: [user.role],
      organizations: user.organizations.map((i) => orgIds[i - 1]!),
    });
    for (const entry of user.points)
      await repos.points.add(uid, entry.delta, entry.kind, entry.note);
  }
}

/**
 * Seeds an empty database in one transaction: roles and English always, the demo site when
 * asked. A database that already has roles is left alone, so running it twice is harmless.
 * Returns whether anything was written.
 */
export async function seed(db: Db, mode: SeedMode): Promise<{ base: boolean; demo: boolean }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const repos = createRepositories(tx);
    const { rows } = await tx.query<{ roles: number; users: number }>(
      'SELECT (SELECT count(*)::int FROM roles) AS roles, (SELECT count(*)::int FROM users) AS users',
    );
    const counts = rows[0]!;
    const base = counts.roles === 0;
    if (base) await seedBase(repos);
    const demo = mode === 'demo' && base && counts.users === 0;
    if (demo) await seedDemo(repos);
    return { base, demo };
  });
}

/** The demo accounts, for the start-up banner. */
export const demoAccounts = demoUsers.map((u) => ({
  name: u.name,
  role: u.role,
  password: DEMO_PASSWORD,
}));
