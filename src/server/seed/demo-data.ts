import { accessFlagNames } from '@schemas/entities/access-flags.schema';
import type { Appearance } from '@schemas/entities/appearance.schema';
import type { Country, FooterSettings, SiteSettings } from '@schemas/entities/settings.schema';
import type { NavigationRow } from '../repositories/navigation';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'atrium-demo';

/** Roles, their labels and the flags they grant. */
export const baseRoles: { name: string; label: string; flags: readonly string[] }[] = [
  { name: 'anonymous', label: 'Anonymous user', flags: ['storefront_page'] },
  { name: 'authenticated', label: 'Authenticated user', flags: ['storefront_page'] },
  // The reward shop belongs to the roles that earn points, so an administrator can take it from
  // one of them without touching the others.
  { name: 'learner', label: 'Learner', flags: ['incentives_shop'] },
  {
    name: 'trainer',
    label: 'Trainer',
    flags: ['availability_feature_manage_own', 'incentives_shop'],
  },
  {
    name: 'course_admin',
    label: 'Course administrator',
    flags: ['availability_feature_manage', 'availability_feature_manage_own', 'incentives_shop'],
  },
  { name: 'administrator', label: 'Administrator', flags: accessFlagNames },
];

export const demoOrganizations = [
  'Atrium Learning Group',
  'Northwind Health',
  'Blue Harbor Logistics',
  'Cedar & Co. Consulting',
  'Lumen Public Services',
];

/**
 * Points a demo account was given by its learning programme (a welcome bonus, a monthly goal…),
 * outside the earning rules.
 */
export interface DemoBonus {
  kind: 'award';
  delta: number;
  note: string;
  /** How many days before the seed ran (fractions are hours). */
  daysAgo: number;
  /** For points that expire: how many days after they were given. */
  expiresAfterDays?: number;
}

/** A purchase in the reward shop, as the account checked it out then. */
export interface DemoPurchase {
  kind: 'purchase';
  /** The demo rewards bought, by title (see `demoProducts`); a title twice buys two. */
  rewards: string[];
  /** How many days before the seed ran (fractions are hours). */
  daysAgo: number;
  /** When an administrator refunded it, if they did: days before the seed ran. */
  refundedDaysAgo?: number;
}

/** A movement of a demo account's points that its learning does not make. */
export type DemoMovement = DemoBonus | DemoPurchase;

export const demoUsers: {
  name: string;
  first_name: string;
  last_name: string;
  role: string;
  organizations: number[];
  title: string;
  country: string;
  /** The account's own time zone and language; the site's defaults when left out. */
  timezone?: string;
  language?: string;
  /**
   * The account's points history over the last twelve weeks or so, oldest first, besides what
   * the earning rules paid it: an account with a history also earned by the rules for its
   * subscriptions and completions (`demoSubscriptions`), at their moments, as the rules and their
   * cheat guard decided. When each bonus or purchase happened (days before the seed ran) and, for
   * bonuses that expire, how many days after. Every account with points earns some on the day
   * the seed runs, so it is on this week's and this month's leaderboards.
   */
  points: DemoMovement[];
}[] = [
  {
    name: 'admin',
    first_name: 'Amira',
    last_name: 'Haddad',
    role: 'administrator',
    organizations: [1],
    title: 'Platform administrator',
    country: 'NL',
    points: [],
  },
  {
    name: 'courseadmin',
    first_name: 'Carlos',
    last_name: 'Mendes',
    role: 'course_admin',
    organizations: [1, 2],
    title: 'Course coordinator',
    country: 'PT',
    // The welcome bonus expired after 60 days, less what was spent of it.
    points: [
      { kind: 'award', delta: 200, note: 'Welcome bonus', daysAgo: 80.3, expiresAfterDays: 60 },
      { kind: 'purchase', rewards: ['Atrium notebook'], daysAgo: 62.1 },
    ],
  },
  {
    name: 'trainer',
    first_name: 'Tessa',
    last_name: 'Okafor',
    role: 'trainer',
    organizations: [2],
    title: 'Senior trainer',
    country: 'GB',
    points: [
      { kind: 'award', delta: 300, note: 'Welcome bonus', daysAgo: 66.5 },
      { kind: 'purchase', rewards: ['Trainer toolkit'], daysAgo: 52.6 },
      { kind: 'purchase', rewards: ['Atrium notebook'], daysAgo: 3.2 },
      { kind: 'award', delta: 50, note: 'Reached the monthly learning goal', daysAgo: 0 },
    ],
  },
  {
    name: 'learner',
    first_name: 'Liam',
    last_name: 'Chen',
    role: 'learner',
    organizations: [3],
    title: 'Logistics planner',
    country: 'DE',
    // Points earned over twelve weeks, one purchase, a bonus that expired unspent, and the
    // latest bonuses expiring 90 days after they were given.
    points: [
      { kind: 'award', delta: 400, note: 'Completed the onboarding programme', daysAgo: 83.4 },
      {
        kind: 'award',
        delta: 100,
        note: 'Took part in the learning week',
        daysAgo: 62,
        expiresAfterDays: 30,
      },
      { kind: 'purchase', rewards: ['Atrium notebook'], daysAgo: 48.3 },
      {
        kind: 'award',
        delta: 250,
        note: 'Reached the monthly learning goal',
        daysAgo: 34.2,
        expiresAfterDays: 90,
      },
      {
        kind: 'award',
        delta: 250,
        note: 'Learned four weeks in a row',
        daysAgo: 27.5,
        expiresAfterDays: 90,
      },
      { kind: 'award', delta: 250, note: 'Reached the monthly learning goal', daysAgo: 0 },
    ],
  },
  // More trainers, in other organizations and time zones, so the availability overview has people.
  {
    name: 'layla',
    first_name: 'ليلى',
    last_name: 'المنصوري',
    role: 'trainer',
    organizations: [4],
    title: 'Leadership trainer',
    country: 'AE',
    timezone: 'Asia/Dubai',
    language: 'ar',
    // A reward for Arabic readers, bought with her welcome bonus.
    points: [
      { kind: 'award', delta: 200, note: 'Welcome bonus', daysAgo: 72.4 },
      { kind: 'purchase', rewards: ['كتاب الخط العربي'], daysAgo: 45.3 },
      { kind: 'award', delta: 100, note: 'Reached the monthly learning goal', daysAgo: 0 },
    ],
  },
  {
    name: 'marcus',
    first_name: 'Marcus',
    last_name: 'Reed',
    role: 'trainer',
    organizations: [5],
    title: 'Compliance trainer',
    country: 'US',
    timezone: 'America/New_York',
    // What his catch-up on eleven trainings earned (see `demoSubscriptions`) bought a conference
    // ticket; a coffee with a mentor was refunded when the mentor had to cancel.
    points: [
      { kind: 'purchase', rewards: ['Conference ticket voucher'], daysAgo: 29.6 },
      {
        kind: 'purchase',
        rewards: ['Coffee with a mentor'],
        daysAgo: 24.2,
        refundedDaysAgo: 21.8,
      },
      { kind: 'award', delta: 100, note: 'Reached the monthly learning goal', daysAgo: 0 },
    ],
  },
  {
    name: 'ingrid',
    first_name: 'Ingrid',
    last_name: 'Lindqvist',
    role: 'trainer',
    organizations: [2, 3],
    title: 'Wellbeing coach',
    country: 'SE',
    timezone: 'Europe/Stockholm',
    points: [],
  },
];

export const demoSite: SiteSettings = {
  organization_name: 'Atrium Learning Group',
  site_name: 'Atrium Academy',
  login_url: '/user/login',
  signup_url: '/user/register',
  incentives_leaderboard: true,
  incentives_shop_enabled: true,
  breadcrumbs_enabled: true,
  site_background: '',
  logo: '/logo.svg',
  logo_alt: 'Atrium Academy',
  catalog_enabled: true,
  storefront_page_enabled: true,
  self_registration: true,
};

export const demoFooter: FooterSettings = {
  about: { title: 'About us', url: '/about' },
  contact: { title: 'Contact', url: '/contact' },
  privacy_policy: { title: 'Privacy policy', url: '/privacy-policy' },
  terms_of_use: { title: 'Terms of use', url: '/terms-of-use' },
  footer_text: 'Atrium Academy helps teams learn, grow and celebrate progress together.',
  footer_copyright: '© 2026 Atrium Learning Group',
  version: '0.1.0',
  version_url: '/release-notes',
};

export const demoDateTimeFormats: Record<string, string> = {
  short: 'd/m/Y - H:i',
  medium: 'D, d/m/Y - H:i',
  long: 'l, F j, Y - H:i',
  html_date: 'Y-m-d',
  html_time: 'H:i:s',
  html_datetime: 'Y-m-d\\TH:i:sO',
  date_only: 'd/m/Y',
  time_only: 'H:i',
};

export const demoCountries: Country[] = [
  { code: 'AE', name: 'United Arab Emirates' },
  { code: 'AU', name: 'Australia' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BR', name: 'Brazil' },
  { code: 'CA', name: 'Canada' },
  { code: 'DE', name: 'Germany' },
  { code: 'EG', name: 'Egypt' },
  { code: 'ES', name: 'Spain' },
  { code: 'FR', name: 'France' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IN', name: 'India' },
  { code: 'IT', name: 'Italy' },
  { code: 'JO', name: 'Jordan' },
  { code: 'JP', name: 'Japan' },
  { code: 'MA', name: 'Morocco' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'PT', name: 'Portugal' },
  { code: 'SA', name: 'Saudi Arabia' },
  { code: 'SE', name: 'Sweden' },
  { code: 'US', name: 'United States' },
  { code: 'ZA', name: 'South Africa' },
];

const systemSans =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif';

export const demoAppearance: Appearance = {
  logo: { url: '/logo.svg', alt: 'Atrium Academy' },
  colors: {
    primary: '#3754db',
    secondary: '#0f9d8a',
    header: '#ffffff',
    sidebar_menu: '#16213e',
    sidebar_menu_active: '#3754db',
    text: '#1f2937',
    text_muted: '#5b6475',
    background: '#f5f7fb',
    surface: '#ffffff',
    border: '#dde3ee',
    success: '#1e7e34',
    warning: '#a15c00',
    error: '#c62828',
    info: '#0b6bcb',
    footer: '#16213e',
  },
  fonts: {
    body: { name: 'System sans', family: systemSans, files: [] },
    headings: { name: 'System sans', family: systemSans, files: [] },
    links: { name: 'System sans', family: systemSans, files: [] },
    icons: {
      name: 'Material Symbols Outlined',
      family: '"Material Symbols Outlined"',
      files: [],
      filled: false,
      grade: 0,
      weight: 200,
    },
  },
  roundness: { small: 4, medium: 8, large: 16, button: 8, card: 12, input: 6 },
  favicon: '/favicon.svg',
  site_background: { color: '#f5f7fb' },
};

export const demoCookieDisclaimer = `<p>We use cookies to keep you signed in, remember your preferences and understand how the academy is used.
By continuing you agree to our <a href="/privacy-policy">privacy policy</a>.</p>`;

export const demoNavigation: (Omit<NavigationRow, 'parent_id'> & { parent_id?: string | null })[] =
  [
    {
      id: 'dashboard',
      title: 'Dashboard',
      url: '/dashboard',
      icon: 'dashboard',
      required_flag: null,
      required_setting: null,
      weight: 0,
    },
    {
      id: 'trainings',
      title: 'Trainings',
      url: '/trainings',
      icon: 'book',
      required_flag: null,
      required_setting: null,
      weight: 0,
    },
    {
      id: 'storefront',
      title: 'Storefront',
      url: '/storefront',
      icon: 'storefront',
      required_flag: 'storefront_page',
      required_setting: null,
      weight: 1,
    },
    {
      id: 'points',
      title: 'My points',
      url: '/points',
      icon: 'star',
      required_flag: null,
      required_setting: null,
      weight: 2,
    },
    {
      id: 'reward-shop',
      title: 'Reward shop',
      url: '/incentives',
      icon: 'gift',
      required_flag: 'incentives_shop',
      required_setting: null,
      weight: 2,
    },
    {
      id: 'leaderboard',
      title: 'Leaderboard',
      url: '/leaderboard',
      icon: 'trophy',
      required_flag: null,
      required_setting: 'incentives_leaderboard',
      weight: 3,
    },
    {
      id: 'availability',
      title: 'My availability',
      url: '/availability',
      icon: 'calendar',
      required_flag: 'availability_feature_manage_own',
      required_setting: null,
      weight: 4,
    },
    {
      id: 'course-administration',
      title: 'Course administration',
      url: '/course-administration',
      icon: 'school',
      required_flag: 'availability_feature_manage',
      required_setting: null,
      weight: 5,
    },
    {
      id: 'storefront-settings',
      title: 'Storefront settings',
      url: '/settings/storefront',
      icon: 'settings',
      required_flag: 'storefront_manage',
      required_setting: null,
      weight: 6,
    },
    {
      id: 'incentives-settings',
      title: 'Incentives settings',
      url: '/settings/incentives',
      icon: 'star',
      required_flag: 'incentives_settings',
      required_setting: null,
      weight: 7,
    },
    {
      id: 'site-administration',
      title: 'Site administration',
      url: '/settings/site',
      icon: 'shield',
      required_flag: 'site_manage',
      required_setting: null,
      weight: 8,
    },
  ];

export const demoVocabularies: {
  machine_name: string;
  name: string;
  terms: (string | { name: string; children: string[] })[];
}[] = [
  {
    machine_name: 'topics',
    name: 'Topics',
    terms: [
      'Leadership',
      'Communication',
      {
        name: 'Digital skills',
        children: ['Data literacy', 'Cyber security', 'Artificial intelligence basics'],
      },
      'Compliance',
      'Wellbeing',
    ],
  },
  { machine_name: 'levels', name: 'Levels', terms: ['Beginner', 'Intermediate', 'Advanced'] },
  {
    machine_name: 'formats',
    name: 'Formats',
    terms: ['E-learning', 'Classroom', 'Webinar', 'Blended'],
  },
];
