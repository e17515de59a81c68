import type { Translator } from '@engine/core';
import { settingsDocuments } from '@schemas/settings-documents/settings-documents';

type T = Translator['t'];

/** What each recorded action means (English sources, translated where shown). */
const actionTexts: { action: string; label: string }[] = [
  { action: 'user.create', label: 'Account created' },
  { action: 'user.register', label: 'Signed up' },
  { action: 'user.export', label: 'Users exported' },
  { action: 'user.update', label: 'Profile changed' },
  { action: 'user.roles', label: 'Roles changed' },
  { action: 'user.organizations', label: 'Organizations changed' },
  { action: 'user.block', label: 'Account blocked' },
  { action: 'user.unblock', label: 'Account unblocked' },
  { action: 'user.password', label: 'Password set' },
  { action: 'user.avatar', label: 'Picture changed' },
  { action: 'role.flags', label: 'Access of a role changed' },
  { action: 'settings.site', label: 'Site settings changed' },
  { action: 'settings.footer', label: 'Footer changed' },
  { action: 'settings.cookies_disclaimer', label: 'Cookie disclaimer changed' },
  { action: 'settings.document.update', label: 'Settings changed' },
  { action: 'language.create', label: 'Language added' },
  { action: 'language.update', label: 'Language changed' },
  { action: 'translations.update', label: 'Translations changed' },
  { action: 'storefront.update', label: 'Storefront changed' },
  { action: 'appearance.update', label: 'Appearance changed' },
  { action: 'appearance.reset', label: 'Appearance reset to the defaults' },
  { action: 'incentives.rules.update', label: 'Earning rules changed' },
  { action: 'incentives.schedule.create', label: 'Expiry schedule added' },
  { action: 'incentives.schedule.update', label: 'Expiry schedule changed' },
  { action: 'incentives.schedule.delete', label: 'Expiry schedule deleted' },
  { action: 'incentives.product.create', label: 'Product added' },
  { action: 'incentives.product.update', label: 'Product changed' },
  { action: 'incentives.product.delete', label: 'Product deleted' },
  { action: 'incentives.shop_settings.update', label: 'Shop settings changed' },
  { action: 'incentives.adjustment', label: 'Points given or taken' },
  { action: 'incentives.refund', label: 'Order refunded' },
  { action: 'incentives.expiry.run', label: 'Points expired' },
  { action: 'incentives.transactions.export', label: 'Transactions exported' },
  { action: 'incentives.orders.export', label: 'Orders exported' },
  { action: 'audit.export', label: 'Audit log exported' },
  { action: 'masquerade.start', label: 'Started acting as another user' },
  { action: 'masquerade.stop', label: 'Stopped acting as another user' },
  { action: 'masquerade.request', label: 'Request made while acting as another user' },
  { action: 'masquerade.end', label: 'Acting as another user ended: no longer allowed' },
];

/**
 * The areas the log can be filtered by: the first part of the action names (the API matches
 * `action` as a prefix).
 */
export const auditAreas: { prefix: string; label: string }[] = [
  { prefix: 'user', label: 'Users' },
  { prefix: 'role', label: 'Roles and access' },
  { prefix: 'settings', label: 'Site settings and texts' },
  { prefix: 'language', label: 'Languages' },
  { prefix: 'translations', label: 'Translations' },
  { prefix: 'storefront', label: 'Storefront' },
  { prefix: 'appearance', label: 'Appearance' },
  { prefix: 'incentives', label: 'Incentives' },
  { prefix: 'masquerade', label: 'Acting as another user' },
  { prefix: 'audit', label: 'Audit log' },
];

/** An action in words: its own description, else its area's name, else nothing. */
export function actionLabel(action: string, t: T): string | undefined {
  const exact = actionTexts.find((a) => a.action === action);
  if (exact) return t(exact.label);
  const area = auditAreas.find((a) => action.split('.')[0] === a.prefix);
  return area ? t(area.label) : undefined;
}

/** Kinds of record a target names (`user:12`), with the administration page that shows it. */
const targetKinds: { kind: string; label: string; href?: (id: string) => string }[] = [
  { kind: 'user', label: 'User', href: (id) => `/settings/site/users/${id}` },
  { kind: 'role', label: 'Role', href: () => '/settings/site/access' },
  { kind: 'language', label: 'Language', href: (id) => `/settings/site/languages/${id}` },
  { kind: 'settings', label: 'Settings' },
  { kind: 'storefront', label: 'Storefront' },
  { kind: 'product', label: 'Product' },
  { kind: 'order', label: 'Order' },
  { kind: 'expiry_schedule', label: 'Expiry schedule' },
];

const settingsPages: Record<string, string> = {
  site: '/settings/site/settings',
  footer: '/settings/site/footer',
  cookie_disclaimer: '/settings/site/cookies',
};

/** A target split into a translated kind, its id and, where there is one, the page showing it. */
export function describeTarget(target: string, t: T): { kind?: string; id: string; href?: string } {
  const colon = target.indexOf(':');
  if (colon < 0) return { id: target };
  const kind = target.slice(0, colon);
  const id = target.slice(colon + 1);
  const known = targetKinds.find((k) => k.kind === kind);
  if (!known) return { id: target };
  // A settings document (`settings:document:<key>`) is named by its declared title.
  const document = settingsDocuments.find((d) => id === `document:${d.key}`);
  if (kind === 'settings' && document)
    return { kind: t(known.label), id: t(document.schema.title) };
  const href =
    kind === 'settings' ? settingsPages[id] : /^[\w-]+$/.test(id) ? known.href?.(id) : undefined;
  return { kind: t(known.label), id, ...(href ? { href } : {}) };
}

/** One line of an entry's details. */
export type DetailLine =
  | { field: string; kind: 'value'; value: string }
  | { field: string; kind: 'change'; old: string; new: string }
  | { field: string; kind: 'list'; added: string[]; removed: string[] };

const isPrimitive = (v: unknown) =>
  v === null || ['string', 'number', 'boolean'].includes(typeof v);
const isList = (v: unknown): v is unknown[] | null =>
  v === null || (Array.isArray(v) && v.every(isPrimitive));

/** A stored value as text: empty values and switches in words, lists joined, records as JSON. */
export function formatValue(value: unknown, t: T): string {
  if (value === null || value === undefined || value === '') return t('(empty)');
  if (typeof value === 'boolean') return value ? t('Yes') : t('No');
  if (Array.isArray(value))
    return value.length && value.every(isPrimitive)
      ? value.map((v) => formatValue(v, t)).join(', ')
      : value.length
        ? JSON.stringify(value)
        : t('(empty)');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * An entry's details as lines: `{ field: { old, new } }` as a change (lists as what was added
 * and removed), anything else as a plain value.
 */
export function detailLines(details: Record<string, unknown>, t: T): DetailLine[] {
  return Object.entries(details).map(([field, value]): DetailLine => {
    const change =
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.keys(value).length === 2 &&
      'old' in value &&
      'new' in value
        ? value
        : undefined;
    if (!change) return { field, kind: 'value', value: formatValue(value, t) };
    if (isList(change.old) && isList(change.new) && (change.old ?? change.new) !== null) {
      const before = (change.old ?? []).map((v) => formatValue(v, t));
      const after = (change.new ?? []).map((v) => formatValue(v, t));
      const added = after.filter((v) => !before.includes(v));
      const removed = before.filter((v) => !after.includes(v));
      // Only the order changed: the lists themselves say more than "nothing added or removed".
      if (added.length || removed.length) return { field, kind: 'list', added, removed };
    }
    return {
      field,
      kind: 'change',
      old: formatValue(change.old, t),
      new: formatValue(change.new, t),
    };
  });
}
