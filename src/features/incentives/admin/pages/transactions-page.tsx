import { useFormatDate, useT } from '@engine/react';
import { DateField } from '@engine/react/date-field';
import { ledgerKinds, type TransactionQuery } from '@schemas/entities/incentives.schema';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminTransactions } from '@/lib/queries/incentives-admin-transactions';
import { ExportButton } from '@/shell/export/export-button';
import { PageHeader } from '@/shell/page/page-header';
import { Pager, pageAddress, pageInAddress, type PageCursor } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import { AdjustPointsForm } from '../components/adjust-points';
import { formText } from '../components/errors';
import styles from '../components/admin.module.css';
import { guardText, kindLabel, signedPoints } from '../components/kinds';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import own from './transactions-page.module.css';

const LIMIT = 25;
const BASE = '/settings/incentives/transactions';
const FILTERS = ['kind', 'from', 'to', 'uid'] as const;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The list query the address describes; values that do not fit the contract are left out. */
function readQuery(params: URLSearchParams): TransactionQuery {
  const kind = params.get('kind') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const uid = Number(params.get('uid'));
  return {
    ...pageInAddress(params),
    limit: LIMIT,
    ...((ledgerKinds as readonly string[]).includes(kind)
      ? { kind: kind as TransactionQuery['kind'] & string }
      : {}),
    ...(datePattern.test(from) ? { from } : {}),
    ...(datePattern.test(to) ? { to } : {}),
    ...(Number.isInteger(uid) && uid > 0 ? { uid } : {}),
  };
}

/** /settings/incentives/transactions: every points movement, filtered in the address, paged. */
export default function TransactionsPage() {
  const { t, plural } = useT();
  const formatDate = useFormatDate();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const transactions = useAdminTransactions(query);
  const [adjusting, setAdjusting] = useState(false);
  const ids = { kind: useId(), from: useId(), to: useId(), uid: useId(), adjust: useId() };

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = formText(form, name);
      if (value) next.set(name, value);
    }
    setParams(next);
  };

  const hrefFor = (p: number, cursor?: PageCursor) => pageAddress(BASE, params, p, cursor);

  const filtered = FILTERS.some((name) => params.get(name));
  const list = transactions.data;
  return (
    <div>
      <PageHeader
        title={t('Transactions')}
        lead={t('Every purchase and points change.')}
        actions={
          <>
            <ExportButton name="transactions" query={query} total={list?.meta.total} />
            <ExportButton
              name="orders"
              query={{ uid: query.uid, from: query.from, to: query.to }}
            />
            <button
              type="button"
              className={styles.primary}
              aria-expanded={adjusting}
              aria-controls={ids.adjust}
              onClick={() => setAdjusting((open) => !open)}
            >
              {t('Adjust points')}
            </button>
          </>
        }
      />

      <div id={ids.adjust} hidden={!adjusting}>
        {adjusting ? (
          <section className={`${styles.panel} ${own.adjust}`} aria-labelledby={`${ids.adjust}-h`}>
            <h2 id={`${ids.adjust}-h`} className={own.adjustTitle}>
              {t('Give or take points')}
            </h2>
            <AdjustPointsForm onDone={() => setAdjusting(false)} />
          </section>
        ) : null}
      </div>

      <form
        className={own.filters}
        onSubmit={applyFilters}
        aria-label={t('Filter transactions')}
        key={params.toString()}
      >
        <div className={styles.field}>
          <label htmlFor={ids.kind}>{t('Kind')}</label>
          <select id={ids.kind} name="kind" defaultValue={query.kind ?? ''}>
            <option value="">{t('All kinds')}</option>
            {ledgerKinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(kind, t)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.from}>{t('From')}</label>
          <DateField id={ids.from} name="from" defaultValue={query.from ?? ''} />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.to}>{t('To')}</label>
          <DateField id={ids.to} name="to" defaultValue={query.to ?? ''} />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.uid}>{t('User id')}</label>
          <input
            id={ids.uid}
            name="uid"
            type="number"
            min={1}
            inputMode="numeric"
            defaultValue={query.uid ?? ''}
          />
        </div>
        <button type="submit" className={styles.secondary}>
          {t('Apply filters')}
        </button>
        {filtered ? (
          <button type="button" className={styles.small} onClick={() => setParams({})}>
            {t('Clear filters')}
          </button>
        ) : null}
      </form>

      {transactions.isPending ? (
        <TableSkeleton />
      ) : transactions.isError ? (
        <ErrorState
          message={t('The transactions could not be loaded.')}
          onRetry={() => void transactions.refetch()}
        />
      ) : !list || list.data.length === 0 ? (
        <EmptyState
          title={filtered ? t('No transactions match these filters.') : t('No transactions yet.')}
        >
          {filtered ? null : <p>{t('Points that learners earn and spend will appear here.')}</p>}
        </EmptyState>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>
                {plural(list.meta.total, '@count transaction', '@count transactions')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('Date')}</th>
                  <th scope="col">{t('User')}</th>
                  <th scope="col">{t('Kind')}</th>
                  <th scope="col" className={styles.numeric}>
                    {t('Points')}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {t('Balance after')}
                  </th>
                  <th scope="col">{t('Note')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((tx) => (
                  <tr key={tx.id}>
                    <td data-label={t('Date')}>
                      <Link className={styles.tableLink} to={`${BASE}/${tx.id}`}>
                        {formatDate(tx.created, 'j M Y, H:i')}
                      </Link>
                    </td>
                    <td data-label={t('User')}>
                      <span className={own.who}>
                        {tx.user_name}
                        <span className={own.uid}>{t('ID @uid', { uid: tx.uid })}</span>
                      </span>
                    </td>
                    <td data-label={t('Kind')}>
                      <span className={styles.badge}>{kindLabel(tx.kind, t)}</span>
                    </td>
                    <td
                      className={`${styles.numeric} ${tx.delta < 0 ? styles.loss : styles.gain}`}
                      data-label={t('Points')}
                    >
                      {signedPoints(tx.delta)}
                    </td>
                    <td className={styles.numeric} data-label={t('Balance after')}>
                      {tx.balance_after}
                    </td>
                    <td data-label={t('Note')}>
                      {tx.reason ? (
                        <span className={own.who}>
                          {tx.note}
                          <span className={own.reason}>{guardText(tx.reason, t)}</span>
                        </span>
                      ) : (
                        tx.note
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.footer}>
            <Pager meta={list.meta} hrefFor={hrefFor} />
          </div>
        </>
      )}
    </div>
  );
}
