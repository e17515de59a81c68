import { useFormatDate, useT } from '@engine/react';
import { DateField } from '@engine/react/date-field';
import type { AuditEntry, AuditQuery } from '@schemas/entities/site-admin.schema';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSiteAdminAudit } from '@/lib/queries/site-admin-audit';
import { useSiteAdminAuditActors } from '@/lib/queries/site-admin-audit-actors';
import { ExportButton } from '@/shell/export/export-button';
import { PageHeader } from '@/shell/page/page-header';
import { Pager, pageAddress, pageInAddress } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import {
  actionLabel,
  auditAreas,
  describeTarget,
  detailLines,
  type DetailLine,
} from '../components/audit-format';
import { asApiError } from '../components/errors';
import styles from '../components/site-admin.module.css';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import own from './audit-page.module.css';

const LIMIT = 25;
const BASE = '/settings/site/audit';
const FILTERS = ['actor', 'action', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
/** More lines than this, or more text, fold away behind a summary. */
const OPEN_LINES = 3;
const OPEN_CHARACTERS = 160;
/** Translations may record hundreds of strings at once; a page of them is enough here. */
const MAX_LINES = 50;

/** The log query the address describes; values that do not fit the contract are left out. */
function readQuery(params: URLSearchParams): AuditQuery {
  const actor = Number(params.get('actor'));
  const action = (params.get('action') ?? '').trim().slice(0, 100);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    ...pageInAddress(params),
    limit: LIMIT,
    ...(Number.isInteger(actor) && actor > 0 ? { actor } : {}),
    ...(action ? { action } : {}),
    ...(datePattern.test(from) ? { from } : {}),
    ...(datePattern.test(to) ? { to } : {}),
  };
}

/** /settings/site/audit: who changed what and when, newest first, filtered in the address. */
export default function AuditPage() {
  const { t, plural } = useT();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const audit = useSiteAdminAudit(query);
  const actors = useSiteAdminAuditActors();
  const ids = { actor: useId(), action: useId(), from: useId(), to: useId() };
  // A refused filter belongs to the address it was refused at; another address starts clean.
  const [refused, setRefused] = useState<{ at: string; errors: Partial<Record<Filter, string>> }>();
  const invalid = refused?.at === params.toString() ? refused.errors : {};

  const failure = audit.isError ? asApiError(audit.error) : undefined;
  // A filter the server refuses (an address typed by hand) is shown at its field.
  const serverInvalid = Object.fromEntries(
    (failure?.status === 400 ? failure.messages : []).map((m) => [m.path, t(m.text)]),
  ) as Partial<Record<Filter, string>>;
  const fieldError = (name: Filter) => invalid[name] ?? serverInvalid[name];

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A date typed so that it reads as none is marked at its field; nothing is applied.
    if (!event.currentTarget.checkValidity()) {
      event.currentTarget.querySelector<HTMLElement>(':invalid')?.focus();
      return;
    }
    const form = new FormData(event.currentTarget);
    const value = (name: Filter) => {
      const v = form.get(name);
      return typeof v === 'string' ? v.trim() : '';
    };
    if (value('from') && value('to') && value('to') < value('from')) {
      setRefused({ at: params.toString(), errors: { to: t('Must not be before the start') } });
      document.getElementById(ids.to)?.focus();
      return;
    }
    setRefused(undefined);
    const next = new URLSearchParams();
    for (const name of FILTERS) if (value(name)) next.set(name, value(name));
    setParams(next);
  };

  const clearFilters = () => {
    setRefused(undefined);
    setParams({});
  };

  const hrefWith = (change: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    // A cursor belongs to the list it came from: another filter starts from its first page.
    next.delete('after');
    next.delete('before');
    for (const [name, value] of Object.entries(change)) {
      if (value === null || value === 0) next.delete(name);
      else next.set(name, String(value));
    }
    const search = next.toString();
    return search ? `${BASE}?${search}` : BASE;
  };

  const filtered = FILTERS.some((name) => params.get(name));
  const knownArea = auditAreas.some((area) => area.prefix === query.action);
  const list = audit.data;
  const errorId = (name: Filter) => `${ids[name]}-error`;
  const described = (name: Filter) =>
    fieldError(name) ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name) } : {};
  const fieldMessage = (name: Filter) =>
    fieldError(name) ? (
      <p id={errorId(name)} className={own.fieldError}>
        {fieldError(name)}
      </p>
    ) : null;

  return (
    <div>
      <PageHeader
        title={t('Audit log')}
        lead={t('Who changed what, and when, across the administration screens.')}
        actions={<ExportButton name="audit" query={query} total={audit.data?.meta.total} />}
      />

      <form
        className={styles.toolbar}
        onSubmit={applyFilters}
        role="search"
        aria-label={t('Filter the audit log')}
        key={params.toString()}
        noValidate
      >
        <div className={styles.field}>
          <label htmlFor={ids.action}>{t('Area')}</label>
          <select id={ids.action} name="action" defaultValue={query.action ?? ''}>
            <option value="">{t('All areas')}</option>
            {auditAreas.map((area) => (
              <option key={area.prefix} value={area.prefix}>
                {t(area.label)}
              </option>
            ))}
            {query.action && !knownArea ? (
              <option value={query.action}>{query.action}</option>
            ) : null}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.actor}>{t('Changed by')}</label>
          <select
            id={ids.actor}
            name="actor"
            defaultValue={query.actor ?? ''}
            // The choices come from the log itself; until they arrive only "Anyone" is offered.
            key={actors.data ? 'loaded' : 'loading'}
          >
            <option value="">{t('Anyone')}</option>
            {actors.data?.map((actor) => (
              <option key={actor.uid} value={actor.uid}>
                {actor.full_name}
              </option>
            ))}
            {query.actor && actors.data && !actors.data.some((a) => a.uid === query.actor) ? (
              <option value={query.actor}>{t('User @uid', { uid: query.actor })}</option>
            ) : null}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.from}>{t('From')}</label>
          <DateField
            id={ids.from}
            name="from"
            defaultValue={query.from ?? ''}
            {...described('from')}
          />
          {fieldMessage('from')}
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.to}>{t('To')}</label>
          <DateField id={ids.to} name="to" defaultValue={query.to ?? ''} {...described('to')} />
          {fieldMessage('to')}
        </div>
        <div className={styles.buttons}>
          <button type="submit" className={styles.secondary}>
            {t('Apply filters')}
          </button>
          {filtered ? (
            <button type="button" className={styles.small} onClick={clearFilters}>
              {t('Clear filters')}
            </button>
          ) : null}
        </div>
      </form>

      {audit.isPending ? (
        <TableSkeleton rows={8} />
      ) : failure?.status === 400 ? (
        <EmptyState
          title={t('These filters cannot be applied.')}
          action={
            <button type="button" className={styles.secondary} onClick={clearFilters}>
              {t('Clear filters')}
            </button>
          }
        >
          <p>{t('Correct the marked filter, or clear the filters.')}</p>
        </EmptyState>
      ) : audit.isError ? (
        <ErrorState
          message={t('The audit log could not be loaded.')}
          onRetry={() => void audit.refetch()}
        />
      ) : !list || list.data.length === 0 ? (
        <EmptyState
          title={filtered ? t('No changes match these filters.') : t('No changes recorded yet.')}
          action={
            filtered ? (
              <button type="button" className={styles.secondary} onClick={clearFilters}>
                {t('Clear filters')}
              </button>
            ) : null
          }
        >
          {filtered ? null : (
            <p>{t('Changes made in the administration screens will appear here.')}</p>
          )}
        </EmptyState>
      ) : (
        <>
          <div className={styles.tableWrap} aria-busy={audit.isPlaceholderData}>
            <table className={`${styles.table} ${own.table}`}>
              <caption>{plural(list.meta.total, '@count change', '@count changes')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('When')}</th>
                  <th scope="col">{t('Who')}</th>
                  <th scope="col">{t('Action')}</th>
                  <th scope="col">{t('Target')}</th>
                  <th scope="col">{t('Changes')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((entry) => (
                  <AuditRow
                    key={entry.id}
                    entry={entry}
                    actorHref={
                      entry.actor && entry.actor.uid !== query.actor
                        ? hrefWith({ actor: entry.actor.uid, page: null })
                        : undefined
                    }
                  />
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.footer}>
            <Pager
              meta={list.meta}
              hrefFor={(page, cursor) => pageAddress(BASE, params, page, cursor)}
            />
          </div>
        </>
      )}
    </div>
  );
}

function AuditRow({ entry, actorHref }: { entry: AuditEntry; actorHref?: string }) {
  const { t } = useT();
  const formatDate = useFormatDate();
  const nameOf = (person: { uid: number; full_name: string }) =>
    person.full_name.trim() || t('User @uid', { uid: person.uid });
  const label = actionLabel(entry.action, t);
  const target = describeTarget(entry.target, t);
  const actor = entry.actor ? nameOf(entry.actor) : null;
  return (
    <tr>
      <th scope="row" className={own.when}>
        <time dateTime={entry.created}>{formatDate(entry.created, 'medium')}</time>
      </th>
      <td data-label={t('Who')}>
        <span className={own.stack}>
          {actor === null ? (
            <span className={styles.muted}>{t('The system')}</span>
          ) : actorHref ? (
            <Link
              className={styles.tableLink}
              to={actorHref}
              aria-label={t('Show only changes by @name', { name: actor })}
            >
              {actor}
            </Link>
          ) : (
            <span>{actor}</span>
          )}
          {entry.as ? (
            <span className={own.as}>{t('as @name', { name: nameOf(entry.as) })}</span>
          ) : null}
        </span>
      </td>
      <td data-label={t('Action')}>
        <span className={own.stack}>
          {label ? <span>{label}</span> : null}
          <code className={own.code}>{entry.action}</code>
        </span>
      </td>
      <td data-label={t('Target')}>
        {target.kind ? (
          <span className={own.stack}>
            {target.href ? (
              <Link className={styles.tableLink} to={target.href}>
                {target.kind}
              </Link>
            ) : (
              <span>{target.kind}</span>
            )}
            <code className={own.code}>{target.id}</code>
          </span>
        ) : (
          <code className={own.code}>{target.id}</code>
        )}
      </td>
      <td data-label={t('Changes')} className={own.changesCell}>
        <Details details={entry.details} />
      </td>
    </tr>
  );
}

/** What an entry changed: a few lines open, more behind a summary that opens them. */
function Details({ details }: { details: Record<string, unknown> }) {
  const { t, plural } = useT();
  const lines = detailLines(details, t);
  if (lines.length === 0) return <span className={styles.muted}>{t('No details')}</span>;
  const shown = lines.slice(0, MAX_LINES);
  const list = (
    <>
      <dl className={own.changes}>
        {shown.map((line) => (
          <Line key={line.field} line={line} />
        ))}
      </dl>
      {lines.length > shown.length ? (
        <p className={styles.muted}>
          {t('… and @count more', { count: lines.length - shown.length })}
        </p>
      ) : null}
    </>
  );
  const long =
    lines.length > OPEN_LINES ||
    lines.reduce((n, line) => n + textLength(line), 0) > OPEN_CHARACTERS;
  if (!long) return list;
  return (
    <details className={own.fold}>
      <summary>{plural(lines.length, '@count changed field', '@count changed fields')}</summary>
      {list}
    </details>
  );
}

const textLength = (line: DetailLine) =>
  line.field.length +
  (line.kind === 'value'
    ? line.value.length
    : line.kind === 'change'
      ? line.old.length + line.new.length
      : line.added.join().length + line.removed.join().length);

function Line({ line }: { line: DetailLine }) {
  const { t, dir } = useT();
  return (
    <div>
      <dt>
        <code className={own.code}>{line.field}</code>
      </dt>
      <dd>
        {line.kind === 'value' ? (
          line.value
        ) : line.kind === 'change' ? (
          <>
            <span className={own.old}>{line.old}</span>{' '}
            <span aria-hidden="true">{dir === 'rtl' ? '←' : '→'}</span>{' '}
            <span className={own.hidden}>{t('changed to')}</span>{' '}
            <span className={own.new}>{line.new}</span>
          </>
        ) : (
          <>
            {line.added.length ? (
              <span className={own.added}>
                {t('Added: @values', { values: line.added.join(', ') })}
              </span>
            ) : null}
            {line.removed.length ? (
              <span className={own.removed}>
                {t('Removed: @values', { values: line.removed.join(', ') })}
              </span>
            ) : null}
          </>
        )}
      </dd>
    </div>
  );
}
