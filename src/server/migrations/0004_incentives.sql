-- Incentives: reward products, orders, the earning rules' awards, expiry schedules and the
-- ledger's lots. Balances stay in point_balances (CHECK points >= 0); every movement is a
-- points_ledger row.

-- Ledger rows gain what the shop and the rules need: where the movement came from, and for
-- earned points the part not yet spent or expired ("remaining"), consumed oldest first.
ALTER TABLE points_ledger DROP CONSTRAINT IF EXISTS points_ledger_kind_check;
ALTER TABLE points_ledger
  ADD CONSTRAINT points_ledger_kind_check
    CHECK (kind IN ('award', 'redeem', 'expire', 'adjust', 'refund')),
  ADD COLUMN source text NOT NULL DEFAULT '',
  ADD COLUMN order_id integer,
  ADD COLUMN remaining integer NOT NULL DEFAULT 0 CHECK (remaining >= 0),
  ADD COLUMN expires_at timestamptz;
CREATE INDEX points_ledger_lots_idx ON points_ledger (uid, created_at) WHERE remaining > 0;

-- Whether a user is left out of the leaderboard.
ALTER TABLE users ADD COLUMN leaderboard_opt_out boolean NOT NULL DEFAULT false;

CREATE TABLE incentive_products (
  id serial PRIMARY KEY,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '',
  image_url text NOT NULL DEFAULT '',
  image_alt text NOT NULL DEFAULT '',
  price integer NOT NULL CHECK (price >= 1),
  -- NULL: unlimited.
  stock integer CHECK (stock >= 0),
  per_user_limit integer CHECK (per_user_limit >= 1),
  available_from timestamptz,
  available_until timestamptz,
  published boolean NOT NULL DEFAULT false,
  restrictions jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(restrictions) = 'array'),
  sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (available_until IS NULL OR available_from IS NULL OR available_until > available_from)
);

CREATE TABLE incentive_orders (
  id serial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  total integer NOT NULL CHECK (total >= 0),
  status text NOT NULL DEFAULT 'completed' CHECK (status IN ('completed', 'refunded')),
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (uid, idempotency_key)
);
CREATE INDEX incentive_orders_created_idx ON incentive_orders (created_at DESC);

CREATE TABLE incentive_order_items (
  order_id integer NOT NULL REFERENCES incentive_orders (id) ON DELETE CASCADE,
  product_id integer REFERENCES incentive_products (id) ON DELETE SET NULL,
  -- What was bought, as it was at the time.
  title text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 1)
);
CREATE INDEX incentive_order_items_product_idx ON incentive_order_items (product_id);

-- One award per rule and event: the unique key is what keeps an event from paying twice.
CREATE TABLE incentive_awards (
  id bigserial PRIMARY KEY,
  uid integer NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  rule text NOT NULL,
  event_key text NOT NULL,
  points integer NOT NULL CHECK (points > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (uid, rule, event_key)
);
CREATE INDEX incentive_awards_rule_idx ON incentive_awards (uid, rule, created_at);

CREATE TABLE incentive_expiry_schedules (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  type text NOT NULL CHECK (type IN ('rolling', 'fixed')),
  months integer CHECK (months BETWEEN 1 AND 120),
  fixed_date date,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'rolling' AND months IS NOT NULL) OR (type = 'fixed' AND fixed_date IS NOT NULL))
);
