import type { ProductInput, ShopSettings } from '@schemas/entities/incentives.schema';
import { saveTranslations } from '../lib/content-sources';
import type { Repositories } from '../repositories/create-repositories';
import { demoProductsAr, demoShopSettingsAr } from './demo-content-ar';

const DAY = 24 * 60 * 60 * 1000;

/** The demo shop's texts and banner (a decoration: its description is empty). */
export const demoShopSettings: ShopSettings = {
  title: 'Reward shop',
  intro:
    'Turn the points you earn by learning into rewards. New rewards arrive every month, so check back often.',
  banner: { url: '/images/rewards/shop-banner.svg', alt: '' },
  banner_height: 200,
  expiry_warning_days: 30,
};

/**
 * Demo reward products, relative to `now` so the windows stay meaningful: most are open to
 * everyone, one has little stock, one has a per-person limit, one is for trainers, one for Arabic
 * speakers, one is a draft and one opens next month.
 */
export function demoProducts(now: Date): ProductInput[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  return [
    {
      title: 'Conference ticket voucher',
      image: { url: '/images/rewards/conference-ticket.svg', alt: 'A conference ticket' },
      description:
        '<p>A voucher for one day at a learning conference of your choice, up to a value of 250 euros.</p>',
      price: 900,
      stock: 5,
      per_user_limit: 1,
      published: true,
      restrictions: [],
    },
    {
      title: 'Atrium notebook',
      image: { url: '/images/rewards/notebook.svg', alt: 'A dark notebook with an orange ribbon' },
      description: '<p>A hardcover dotted notebook with the Atrium logo, 192 pages.</p>',
      price: 150,
      stock: null,
      per_user_limit: null,
      published: true,
      restrictions: [],
    },
    {
      title: 'Extra day of learning leave',
      image: {
        url: '/images/rewards/learning-leave.svg',
        alt: 'A calendar with one day ticked off',
      },
      description:
        '<p>One extra day of paid leave to spend on a training of your choice. Agree the date with your manager.</p>',
      price: 1200,
      stock: null,
      per_user_limit: 2,
      published: true,
      restrictions: [],
    },
    {
      title: 'Coffee with a mentor',
      image: { url: '/images/rewards/coffee-mentor.svg', alt: 'A steaming cup of coffee' },
      description: '<p>Thirty minutes with a senior colleague to talk about your next step.</p>',
      price: 300,
      stock: 3,
      per_user_limit: 1,
      published: true,
      available_until: at(60),
      restrictions: [],
    },
    {
      title: 'Online course of your choice',
      image: { url: '/images/rewards/online-course.svg', alt: 'A laptop playing a video lesson' },
      description:
        '<p>We pay for one online course of up to 100 euros on a platform of your choice.</p>',
      price: 1000,
      stock: 10,
      per_user_limit: 1,
      published: true,
      restrictions: [],
    },
    {
      title: 'Trainer toolkit',
      image: { url: '/images/rewards/trainer-toolkit.svg', alt: 'A toolbox' },
      description:
        '<p>Markers, sticky notes and a facilitation card deck for your next classroom session.</p>',
      price: 250,
      stock: 20,
      per_user_limit: 1,
      published: true,
      restrictions: [{ rule: 'and', type: 'roles', value: ['trainer', 'course_admin'] }],
    },
    {
      title: 'كتاب الخط العربي',
      image: { url: '/images/rewards/calligraphy-book.svg', alt: 'كتاب مفتوح بخط عربي وقلم' },
      description: '<p>كتاب مصوّر عن فن الخط العربي وتاريخه.</p>',
      price: 200,
      stock: 10,
      per_user_limit: 1,
      published: true,
      restrictions: [{ rule: 'and', type: 'language', value: 'ar' }],
    },
    {
      title: 'Noise-cancelling headphones',
      image: { url: '/images/rewards/headphones.svg', alt: 'A pair of headphones' },
      description: '<p>Focus on your next course anywhere. Draft: waiting for the supplier.</p>',
      price: 2500,
      stock: 2,
      per_user_limit: 1,
      published: false,
      restrictions: [],
    },
    {
      title: 'Summer learning festival pass',
      image: { url: '/images/rewards/festival-pass.svg', alt: 'A summer sun over festival tents' },
      description: '<p>A pass for the summer learning festival. On sale from next month.</p>',
      price: 400,
      stock: 50,
      per_user_limit: 1,
      published: true,
      available_from: at(30),
      available_until: at(90),
      restrictions: [],
    },
  ];
}

/** How many days before the seed ran the demo shop opened: before its first purchase. */
const SHOP_OPENED_DAYS_AGO = 90;

/**
 * Seeds the reward shop of the demo site: its settings and products, which have been in the shop
 * since it opened (before the demo's points history). It changes nobody's points. Returns the
 * products' ids by title.
 */
export async function seedIncentives(
  repos: Repositories,
  now = new Date(),
): Promise<Map<string, number>> {
  await repos.settings.set('incentive_shop', demoShopSettings);
  await saveTranslations(repos, 'incentive_shop', 'incentive_shop', demoShopSettingsAr);
  const opened = new Date(now.getTime() - SHOP_OPENED_DAYS_AGO * DAY);
  const ids = new Map<string, number>();
  for (const product of demoProducts(now)) {
    const created = await repos.shop.create(product, opened);
    ids.set(product.title, created.id);
    const arabic = demoProductsAr[product.title];
    if (arabic) await saveTranslations(repos, 'incentive_product', created.id, { ar: arabic });
  }
  return ids;
}
