import { auditQuerySchema } from '../entities/site-admin.schema';
import { transactionQuerySchema } from '../entities/incentives.schema';
import type { FromSchema } from 'json-schema-to-ts';
import { usersQuerySchema } from '../entities/user.schema';

/**
 * One column of an export: its heading (an interface string, translated into the reader's
 * language) and the field of an exported row it shows (a dotted path: `actor.full_name`). A
 * list's values are joined with "; ", an object's are written as JSON, a date as it is in the
 * API (ISO 8601, UTC).
 */
export interface ExportColumn {
  readonly field: string;
  readonly title: string;
}

/** An export: what it is called, its API path, the file it saves as and its columns, in order. */
export interface ExportDeclaration {
  readonly title: string;
  /** What the button that makes it says. */
  readonly label: string;
  readonly path: string;
  readonly file: string;
  readonly columns: readonly ExportColumn[];
}

/**
 * The lists an administrator can take to a spreadsheet, as CSV for the list's current filters.
 * A column added here is in the next export; the server streams each list with its own access
 * flags and records every export in the audit log.
 */
export const exportDeclarations = {
  transactions: {
    path: 'incentives/transactions/export',
    title: 'Transactions',
    label: 'Export transactions',
    file: 'transactions',
    columns: [
      { field: 'id', title: 'Transaction' },
      { field: 'created', title: 'Date (UTC)' },
      { field: 'uid', title: 'User id' },
      { field: 'user_name', title: 'User' },
      { field: 'kind', title: 'Kind' },
      { field: 'delta', title: 'Points' },
      { field: 'balance_after', title: 'Balance after' },
      { field: 'order_id', title: 'Order' },
      { field: 'source', title: 'Source' },
      { field: 'note', title: 'Note' },
      { field: 'reason', title: 'Reason' },
    ],
  },
  orders: {
    path: 'incentives/orders/export',
    title: 'Orders',
    label: 'Export orders',
    file: 'orders',
    columns: [
      { field: 'id', title: 'Order' },
      { field: 'created', title: 'Date (UTC)' },
      { field: 'uid', title: 'User id' },
      { field: 'user_name', title: 'User' },
      { field: 'items', title: 'Rewards' },
      { field: 'quantity', title: 'Quantity' },
      { field: 'total', title: 'Total points' },
      { field: 'status', title: 'Status' },
    ],
  },
  users: {
    path: 'users/export',
    title: 'Users',
    label: 'Export users',
    file: 'users',
    columns: [
      { field: 'uid', title: 'User id' },
      { field: 'name', title: 'Username' },
      { field: 'first_name', title: 'First name' },
      { field: 'last_name', title: 'Last name' },
      { field: 'mail', title: 'E-mail address' },
      { field: 'roles', title: 'Roles' },
      { field: 'organizations', title: 'Organizations' },
      { field: 'language', title: 'Language' },
      { field: 'blocked', title: 'Blocked' },
    ],
  },
  audit: {
    path: 'admin/audit/export',
    title: 'Audit log',
    label: 'Export the log',
    file: 'audit-log',
    columns: [
      { field: 'id', title: 'Entry' },
      { field: 'created', title: 'Date (UTC)' },
      { field: 'actor.uid', title: 'User id' },
      { field: 'actor.full_name', title: 'Changed by' },
      { field: 'as.full_name', title: 'Acting as' },
      { field: 'action', title: 'Action' },
      { field: 'target', title: 'Target' },
      { field: 'details', title: 'Details' },
    ],
  },
} as const satisfies Record<string, ExportDeclaration>;

export type ExportName = keyof typeof exportDeclarations;

/** A list query without its paging: an export takes the list's filters only. */
function filtersOf<
  S extends { readonly $id: string; readonly properties: Record<string, unknown> },
>(schema: S) {
  const {
    page: _page,
    limit: _limit,
    after: _after,
    before: _before,
    ...filters
  } = schema.properties;
  return {
    $id: `${schema.$id}-export`,
    type: 'object',
    additionalProperties: false,
    properties: filters,
  } as const;
}

/** `POST incentives/transactions/export`: the transactions list's filters. */
export const transactionExportQuerySchema = filtersOf(transactionQuerySchema);
/** `POST users/export`: the users list's filters. */
export const usersExportQuerySchema = filtersOf(usersQuerySchema);
/** `POST admin/audit/export`: the audit log's filters. */
export const auditExportQuerySchema = filtersOf(auditQuerySchema);

/** `POST incentives/orders/export`: orders of a user, of a status, between UTC dates. */
export const orderExportQuerySchema = {
  $id: 'atrium:order-export-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    uid: { type: 'integer', minimum: 1 },
    status: { type: 'string', enum: ['completed', 'refunded'] },
    from: transactionQuerySchema.properties.from,
    to: transactionQuerySchema.properties.to,
  },
} as const;
export type OrderExportQuery = FromSchema<typeof orderExportQuerySchema>;
