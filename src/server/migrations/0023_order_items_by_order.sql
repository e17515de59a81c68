-- The items of an order, read by the order: an order's page, a refund, and what a shopper
-- bought (from their orders) read their items without reading every order's.
CREATE INDEX incentive_order_items_order_idx ON incentive_order_items (order_id, product_id);
