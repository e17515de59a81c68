import type { ListMeta } from '@engine/core';
import type {
  Order,
  Product,
  Transaction,
  TransactionDetails,
} from '@schemas/entities/incentives.schema';

export const admin = {
  uid: 1,
  name: 'admin',
  full_name: 'Ada Admin',
  first_name: 'Ada',
  last_name: 'Admin',
  avatar: null,
  language: 'en',
};

export const meta = (total: number, page = 0, limit = 25): ListMeta => ({
  page,
  totalPages: Math.max(1, Math.ceil(total / limit)),
  total,
  limit,
});

export const product = (id: number, over: Partial<Product> = {}): Product => ({
  id,
  title: `Reward ${id}`,
  description: '',
  image: { url: '', alt: '' },
  price: 100,
  stock: 10,
  per_user_limit: null,
  available_from: null,
  available_until: null,
  published: true,
  restrictions: [],
  sold: 3,
  created: '2025-01-01T10:00:00Z',
  updated: '2025-01-01T10:00:00Z',
  ...over,
});

export const transaction = (id: number, over: Partial<Transaction> = {}): Transaction => ({
  id,
  uid: 7,
  user_name: 'Lena Maria Schmidt',
  delta: 50,
  kind: 'award',
  note: 'Training completed',
  source: 'training_completed',
  order_id: null,
  balance_after: 150,
  reason: null,
  created: '2025-03-05T14:07:00Z',
  ...over,
});

export const order = (id: number, over: Partial<Order> = {}): Order => ({
  id,
  uid: 7,
  total: 120,
  status: 'completed',
  items: [{ product_id: 4, title: 'Coffee mug', price: 120, quantity: 1 }],
  created: '2025-03-05T14:07:00Z',
  balance_after: 30,
  ...over,
});

export const purchase = (status: Order['status']): TransactionDetails => ({
  transaction: transaction(31, {
    delta: -120,
    kind: 'redeem',
    note: 'Coffee mug',
    source: 'checkout',
    order_id: 9,
    balance_after: 30,
  }),
  order: order(9, { status }),
});
