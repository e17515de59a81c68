import { appearanceDefaults, type Appearance } from '@schemas/entities/appearance.schema';
import type { Rules, ShopSettings } from '@schemas/entities/incentives.schema';
import { ruleTypes } from '@schemas/incentives/rule-types';
import type {
  CountriesSettings,
  FooterSettings,
  SiteSettings,
} from '@schemas/entities/settings.schema';
import type { Db } from '../db/db';

/** Cookie disclaimer as stored: sanitized HTML and a version bumped on every change of text. */
export interface StoredCookieDisclaimer {
  text: string;
  version: number;
}

/** Site-wide language and time zone defaults. */
export interface RegionalSettings {
  default_language: string;
  default_timezone: string;
}

/** The settings documents and their shapes. */
export interface SettingsDocuments {
  site: SiteSettings;
  footer: FooterSettings;
  date_time_formats: Record<string, string>;
  countries: CountriesSettings;
  appearance: Appearance;
  cookie_disclaimer: StoredCookieDisclaimer;
  regional: RegionalSettings;
  incentive_rules: Rules;
  incentive_shop: ShopSettings;
}
export type SettingsKey = keyof SettingsDocuments;

/** What an empty database answers until an administrator saves settings. */
export const settingsDefaults: SettingsDocuments = {
  site: {
    organization_name: '',
    site_name: 'Atrium',
    login_url: '/user/login',
    signup_url: '/user/register',
    incentives_leaderboard: false,
    incentives_shop_enabled: false,
    breadcrumbs_enabled: true,
    site_background: '',
    logo: '',
    logo_alt: '',
    catalog_enabled: true,
    storefront_page_enabled: true,
  },
  footer: {
    about: { title: 'About', url: '/about' },
    contact: { title: 'Contact', url: '/contact' },
    privacy_policy: { title: 'Privacy policy', url: '/privacy' },
    terms_of_use: { title: 'Terms of use', url: '/terms' },
    footer_text: '',
    footer_copyright: '',
    version: '',
    version_url: '',
  },
  date_time_formats: {
    short: 'd/m/Y - H:i',
    medium: 'D, d/m/Y - H:i',
    long: 'l, F j, Y - H:i',
    html_date: 'Y-m-d',
    html_time: 'H:i:s',
  },
  countries: { countries: [], default_country: '' },
  appearance: appearanceDefaults,
  cookie_disclaimer: { text: '', version: 0 },
  regional: { default_language: 'en', default_timezone: 'UTC' },
  incentive_rules: {
    rules: ruleTypes.map((r) => ({ type: r.type, ...r.defaults })),
    expiry_schedule_id: null,
  },
  incentive_shop: {
    title: 'Reward shop',
    intro: 'Redeem your points for rewards.',
    banner: null,
    banner_height: 200,
    expiry_warning_days: 30,
  },
};

/** Settings documents stored as JSON under a key. */
export function settingsRepository(db: Db) {
  return {
    async get<K extends SettingsKey>(key: K): Promise<SettingsDocuments[K]> {
      const { rows } = await db.query<{ value: SettingsDocuments[K] }>(
        'SELECT value FROM settings WHERE key = $1',
        [key],
      );
      const stored = rows[0]?.value;
      const fallback = settingsDefaults[key];
      if (stored === undefined) return fallback;
      return typeof fallback === 'object' && !Array.isArray(fallback)
        ? { ...fallback, ...stored }
        : stored;
    },

    async set<K extends SettingsKey>(key: K, value: SettingsDocuments[K]): Promise<void> {
      await db.query(
        `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
        [key, JSON.stringify(value)],
      );
    },

    /** Shallow-merges fields into a document atomically and returns the result. */
    async merge<K extends SettingsKey>(
      key: K,
      patch: Partial<SettingsDocuments[K]>,
    ): Promise<SettingsDocuments[K]> {
      await db.query(
        `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = settings.value || excluded.value, updated_at = now()`,
        [key, JSON.stringify(patch)],
      );
      return this.get(key);
    },

    /** Removes a saved document: it answers its defaults again. */
    async remove(key: SettingsKey): Promise<void> {
      await db.query('DELETE FROM settings WHERE key = $1', [key]);
    },

    /** Inside a transaction: locks a document until commit, for read-modify-write. */
    async lock(key: SettingsKey): Promise<void> {
      await db.query('SELECT 1 FROM settings WHERE key = $1 FOR UPDATE', [key]);
    },

    /**
     * A declared settings document as stored (undefined until first saved). Stored under
     * `document:<key>`, apart from the built-in settings.
     */
    async storedDocument(key: string): Promise<unknown> {
      const { rows } = await db.query<{ value: unknown }>(
        'SELECT value FROM settings WHERE key = $1',
        [`document:${key}`],
      );
      return rows[0]?.value;
    },

    /** Saves a declared settings document whole. */
    async storeDocument(key: string, value: unknown): Promise<void> {
      await db.query(
        `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
        [`document:${key}`, JSON.stringify(value)],
      );
    },

    /**
     * Inside a transaction: locks a declared settings document until commit, for
     * read-modify-write. A document never saved gets a row first (an empty object, which reads
     * as its defaults), so that two first saves also wait for each other.
     */
    async lockDocument(key: string): Promise<void> {
      await db.query(
        `INSERT INTO settings (key, value) VALUES ($1, '{}'::jsonb) ON CONFLICT (key) DO NOTHING`,
        [`document:${key}`],
      );
      await db.query('SELECT 1 FROM settings WHERE key = $1 FOR UPDATE', [`document:${key}`]);
    },

    async cookieAgreement(uid: number): Promise<number | undefined> {
      const { rows } = await db.query<{ version: number }>(
        'SELECT version FROM cookie_agreements WHERE uid = $1',
        [uid],
      );
      return rows[0]?.version;
    },

    async agreeToCookies(uid: number, version: number): Promise<void> {
      await db.query(
        `INSERT INTO cookie_agreements (uid, version) VALUES ($1, $2)
         ON CONFLICT (uid) DO UPDATE SET version = excluded.version, agreed_at = now()`,
        [uid, version],
      );
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
