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
import { sectionTypeRegistry } from '../lib/section-types';
import { seedAvailability } from './demo-availability';
import { demoContentPages } from './demo-content-pages';
import { seedIncentives } from './demo-incentives';
import { writeDemoPointsHistories, type DemoEvent } from './demo-points';
import { demoStorefront } from './demo-storefront';
import {
  demoBodyText,
  demoSubscriptions,
  demoTrainings,
  demoVideoTitles,
  type DemoTraining,
} from './demo-trainings';
import { addShippedTranslations } from '../lib/shipped-translations';
import { saveTranslations } from '../lib/content-sources';
import {
  demoCookieDisclaimerAr,
  demoFooterAr,
  demoNavigationAr,
  demoSiteAr,
  demoTaxonomyAr,
} from './demo-content-ar';

/** `demo` fills an empty database with the demo site; `none` only adds roles and English. */
export type SeedMode = 'demo' | 'none';

/** Any fixed number: serializes seeding across processes sharing one PostgreSQL. */
const SEED_LOCK = 724_514_002;

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
  // scrypt runs on the thread pool: it hashes while the first rows are written.
  const hashing = hashPassword(DEMO_PASSWORD);
  // Awaited below; until then a failure must not count as unhandled.
  hashing.catch(() => undefined);
  await repos.languages.create({
    langcode: 'ar',
    name: 'Arabic',
    native_name: 'العربية',
    direction: 1,
    weight: 1,
  });

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
  for (const [key, versions] of Object.entries(demoContentPages))
    for (const [langcode, page] of Object.entries(versions))
      await repos.contentPages.write(
        key,
        langcode,
        { title: page.title, body: sanitizeAdminHtml(page.body) },
        null,
      );

  await saveTranslations(repos, 'site', 'site', demoSiteAr);
  await saveTranslations(repos, 'footer', 'footer', demoFooterAr);
  await saveTranslations(repos, 'cookie_disclaimer', 'cookie_disclaimer', demoCookieDisclaimerAr);

  for (const item of demoNavigation) {
    await repos.navigation.create(item);
    const title = demoNavigationAr[item.id];
    if (title) await saveTranslations(repos, 'navigation_item', item.id, { ar: { title } });
  }

  const orgIds: number[] = [];
  for (const name of demoOrganizations) orgIds.push(await repos.taxonomy.createOrganization(name));

  const terms = new Map<string, number>();
  const arabicName = (name: string) => {
    const text = demoTaxonomyAr[name];
    return text ? { ar: { name: text } } : undefined;
  };
  for (const [v, vocabulary] of demoVocabularies.entries()) {
    await repos.taxonomy.createVocabulary(vocabulary.machine_name, vocabulary.name, v);
    await saveTranslations(
      repos,
      'vocabulary',
      vocabulary.machine_name,
      arabicName(vocabulary.name),
    );
    for (const [w, term] of vocabulary.terms.entries()) {
      if (typeof term === 'string') {
        terms.set(term, await repos.taxonomy.createTerm(vocabulary.machine_name, term, w));
      } else {
        const parent = await repos.taxonomy.createTerm(vocabulary.machine_name, term.name, w);
        terms.set(term.name, parent);
        for (const [c, child] of term.children.entries())
          terms.set(
            child,
            await repos.taxonomy.createTerm(vocabulary.machine_name, child, c, parent),
          );
      }
    }
  }

  for (const [name, tid] of terms)
    await saveTranslations(repos, 'taxonomy_term', tid, arabicName(name));

  const pass = await hashing;
  const now = new Date();
  const uids = new Map<string, number>();
  for (const user of demoUsers) {
    const uid = await repos.users.create({
      name: user.name,
      mail: `${user.name}@atrium.example`,
      pass,
      first_name: user.first_name,
      last_name: user.last_name,
      profile: { title: user.title, country: user.country },
      timezone: user.timezone ?? null,
      language: user.language ?? null,
      roles: [user.role],
      organizations: user.organizations.map((i) => orgIds[i - 1]!),
    });
    uids.set(user.name, uid);
  }

  const learning = await seedTrainings(repos, terms, orgIds, uids, now.getTime());
  await seedStorefront(repos, terms, orgIds);
  const products = await seedIncentives(repos, now);
  // The points come last: they are earned by the learning and spent on the rewards.
  await writeDemoPointsHistories(repos, {
    accounts: demoUsers
      .filter((user) => user.points.length)
      .map((user) => {
        const uid = uids.get(user.name)!;
        return { uid, movements: user.points, events: learning.get(uid) ?? [] };
      }),
    products,
    refundedBy: uids.get('admin')!,
    now,
  });
  await seedAvailability(repos, uids);
}

/** Registered and unregistered storefronts in English and Arabic, defaults filled in by their types. */
async function seedStorefront(
  repos: Repositories,
  terms: ReadonlyMap<string, number>,
  orgIds: readonly number[],
): Promise<void> {
  const types = sectionTypeRegistry();
  for (const audience of ['registered', 'unregistered'] as const) {
    for (const language of ['en', 'ar'] as const) {
      const sections = demoStorefront(audience, language).map((s, weight) => ({
        id: null,
        type: s.type,
        weight,
        data: {
          content: s.termNames
            ? { ...s.content, terms: s.termNames.map((name) => terms.get(name)!) }
            : { ...s.content },
          settings: { ...s.settings },
          appearance: { ...s.appearance },
          restrictions: (s.restrictions ?? []).map((r) =>
            r.type === 'organizations' && Array.isArray(r.value)
              ? { ...r, value: r.value.map((n) => orgIds[Number(n) - 1]!) }
              : r,
          ),
        },
      }));
      const problems = types.validate(sections);
      if (problems.length) throw new Error(`Invalid demo storefront: ${JSON.stringify(problems)}`);
      await repos.storefront.create(audience, language, sections);
    }
  }
}

/** Number of shipped cover images (`public/images/trainings/cover-NN.svg`). */
const COVER_COUNT = 12;
/** Demo trainings are dated back from this moment, a few days apart. */
const CATALOGUE_EPOCH = Date.UTC(2026, 2, 20, 9, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function slugOf(training: DemoTraining, index: number): string {
  const slug = training.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || `training-${index + 1}`;
}

function videosOf(training: DemoTraining, index: number) {
  const count = 2 + (index % 5);
  const pool = demoVideoTitles[training.language];
  const titles = [...pool.slice(0, count - 1), pool[pool.length - 1]!];
  const slug = slugOf(training, index);
  return titles.map((title, j) => ({
    title,
    url: `/videos/${slug}-${j + 1}.mp4`,
    duration_seconds: 240 + ((index * 7 + j * 13) % 9) * 60,
  }));
}

function bodyOf(training: DemoTraining, videos: { title: string }[]): string {
  const text = demoBodyText[training.language];
  return [
    `<p>${escapeHtml(text.intro)}</p>`,
    `<ul>${videos.map((v) => `<li>${escapeHtml(v.title)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(text.outro)}</p>`,
  ].join('\n');
}

function coverAlt(training: DemoTraining): string {
  return training.language === 'ar'
    ? `غلاف تجريدي بألوان متدرجة لتدريب «${training.title}»`
    : `Abstract gradient cover for the training “${training.title}”`;
}

/**
 * The catalogue, and the demo accounts' subscriptions made and videos watched at their own
 * moments before `now`. Each account's videos are seen in the order of their moments, as its
 * viewing clock (see `subscriptions.watch`) only moves on: each is opened an hour before it is
 * marked watched. Returns, by account, what the earning rules heard of it: each subscription,
 * video watched and training completed, at its moment.
 */
async function seedTrainings(
  repos: Repositories,
  terms: ReadonlyMap<string, number>,
  orgIds: readonly number[],
  uids: ReadonlyMap<string, number>,
  now: number,
): Promise<Map<number, DemoEvent[]>> {
  const ids = new Map<string, number>();
  for (const [index, training] of demoTrainings.entries()) {
    const videos = videosOf(training, index);
    const cover = String((index % COVER_COUNT) + 1).padStart(2, '0');
    const tags = [training.topic, training.level, training.format].map((name) => {
      const tid = terms.get(name);
      if (tid === undefined) throw new Error(`Unknown demo term "${name}".`);
      return tid;
    });
    const id = await repos.trainings.create({
      title: training.title,
      summary: training.summary,
      body: bodyOf(training, videos),
      image_url: `/images/trainings/cover-${cover}.svg`,
      image_alt: coverAlt(training),
      language: training.language,
      price: training.price,
      published: training.published ?? true,
      created: new Date(CATALOGUE_EPOCH - (index * 3 + (index % 4)) * DAY - (index % 7) * 3600_000),
      tags,
      organizations: (training.organizations ?? []).map((i) => orgIds[i - 1]!),
      videos,
    });
    ids.set(training.title, id);
  }

  const events = new Map<number, DemoEvent[]>();
  const heard = (uid: number, event: DemoEvent) => {
    const own = events.get(uid);
    if (own) own.push(event);
    else events.set(uid, [event]);
  };
  const viewings: { opened: number; watch: () => Promise<unknown> }[] = [];
  for (const entry of demoSubscriptions) {
    const uid = uids.get(entry.user);
    if (uid === undefined) throw new Error(`Unknown demo account "${entry.user}".`);
    const id = ids.get(entry.title);
    if (id === undefined) throw new Error(`Unknown demo training "${entry.title}".`);
    const training = await repos.trainings.get({ uid, manage: false }, id);
    if (!training) throw new Error(`The demo account ${entry.user} cannot see "${entry.title}".`);
    const subscribed = now - entry.daysAgo * DAY;
    const span = entry.watchedOverDays * DAY;
    const count =
      entry.watched === 'all'
        ? training.videos.length
        : Math.min(entry.watched, training.videos.length - 1);
    if (subscribed + span > now || (count > 0 && span / count < HOUR))
      throw new Error(`The demo account ${entry.user} watches "${entry.title}" impossibly.`);
    await repos.subscriptions.subscribeAt(uid, id, new Date(subscribed));
    const facts = { training_id: id, title: training.title };
    heard(uid, { at: new Date(subscribed), event: 'training_subscribed', facts });
    for (const [j, video] of training.videos.slice(0, count).entries()) {
      const watched = subscribed + (span * (j + 1)) / count;
      const opened = watched - HOUR;
      heard(uid, {
        at: new Date(watched),
        event: 'video_watched',
        facts: { ...facts, video_id: video.id },
      });
      if (j + 1 === training.videos.length)
        heard(uid, { at: new Date(watched), event: 'training_completed', facts });
      viewings.push({
        opened,
        watch: async () => {
          await repos.subscriptions.open(uid, id, video.id, new Date(opened));
          await repos.subscriptions.watch(uid, id, video.id, new Date(watched));
        },
      });
    }
  }
  viewings.sort((x, y) => x.opened - y.opened);
  for (const viewing of viewings) await viewing.watch();
  return events;
}

/**
 * Seeds an empty database in one transaction: roles and English always, the demo site when
 * asked. A database that already has roles is left alone, so running it twice is harmless;
 * only the shipped interface translations a language lacks are added (see
 * `addShippedTranslations`). Returns whether the base or the demo was written.
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
    await addShippedTranslations(repos);
    return { base, demo };
  });
}

/** The demo accounts, for the start-up banner. */
export const demoAccounts = demoUsers.map((u) => ({
  name: u.name,
  role: u.role,
  password: DEMO_PASSWORD,
}));
