import type {
  Leaderboard,
  LeaderboardEntry,
  Order,
  ShopInfo,
  ShopProduct,
} from '@schemas/entities/incentives.schema';

export const product = (id: number, over: Partial<ShopProduct> = {}): ShopProduct => ({
  id,
  title: `Reward ${id}`,
  description: '<p>A fine reward.</p>',
  image: { url: `/files/reward-${id}.jpg`, alt: `Picture of reward ${id}` },
  price: 100,
  stock_left: null,
  per_user_limit: null,
  purchased: 0,
  available_until: null,
  blocked_by: null,
  ...over,
});

export const shopInfo = (over: Partial<ShopInfo> = {}): ShopInfo => ({
  title: 'Reward shop',
  intro: 'Treat yourself.',
  banner: null,
  banner_height: 200,
  points: 100,
  expiring_soon: null,
  ...over,
});

export const listMeta = (page: number, totalPages: number, total: number) => ({
  page,
  totalPages,
  total,
  limit: 24,
});

export const order = (over: Partial<Order> = {}): Order => ({
  id: 41,
  uid: 7,
  total: 120,
  status: 'completed',
  items: [{ product_id: 5, title: 'Coffee voucher', price: 120, quantity: 1 }],
  created: '2025-03-01T10:00:00Z',
  balance_after: 180,
  ...over,
});

export const entry = (
  rank: number,
  uid: number,
  fullName: string,
  points: number,
): LeaderboardEntry => ({ rank, uid, full_name: fullName, avatar: null, points });

export const leaderboard = (over: Partial<Leaderboard> = {}): Leaderboard => ({
  period: 'month',
  entries: [
    entry(1, 11, 'Amal Haddad', 900),
    entry(2, 12, 'Bruno Costa', 640),
    entry(3, 13, 'Chen Wei', 610),
  ],
  me: entry(12, 7, 'Lena Maria Schmidt', 90),
  opted_out: false,
  ...over,
});
