import { useFormatDate, useT } from '@engine/react';
import type { Order } from '@schemas/entities/incentives.schema';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useAdminTransaction, useRefundOrder } from '@/lib/queries/incentives-admin-transactions';
import { BackLink } from '@/shell/back-link/back-link';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import styles from '../components/admin.module.css';
import { userMessage } from '../components/errors';
import { guardText, kindLabel, signedPoints } from '../components/kinds';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import own from './transaction-page.module.css';

/** /settings/incentives/transactions/{transactionId}: one movement, its order and a refund. */
export default function TransactionPage() {
  const { t } = useT();
  const formatDate = useFormatDate();
  const { transactionId = '' } = useParams();
  const details = useAdminTransaction(transactionId);

  const tx = details.data?.transaction;
  return (
    <div>
      <BackLink title="Transactions" url="/settings/incentives/transactions" translate />
      <PageHeader title={tx ? t('Transaction @id', { id: tx.id }) : t('Transaction')} />
      {details.isPending ? (
        <TableSkeleton rows={4} />
      ) : details.isError ? (
        <ErrorState
          message={t('The transaction could not be loaded.')}
          onRetry={() => void details.refetch()}
        />
      ) : (
        <div className={own.layout}>
          <section className={styles.panel} aria-labelledby="transaction-details">
            <h2 id="transaction-details" className={own.heading}>
              {t('Details')}
            </h2>
            <dl className={own.details}>
              <dt>{t('Date')}</dt>
              <dd>{formatDate(details.data.transaction.created, 'j M Y, H:i')}</dd>
              <dt>{t('User')}</dt>
              <dd>
                {details.data.transaction.user_name} (
                {t('ID @uid', { uid: details.data.transaction.uid })})
              </dd>
              <dt>{t('Kind')}</dt>
              <dd>{kindLabel(details.data.transaction.kind, t)}</dd>
              <dt>{t('Points')}</dt>
              <dd className={details.data.transaction.delta < 0 ? styles.loss : styles.gain}>
                {signedPoints(details.data.transaction.delta)}
              </dd>
              <dt>{t('Balance after')}</dt>
              <dd>{details.data.transaction.balance_after}</dd>
              <dt>{t('Note')}</dt>
              <dd>{details.data.transaction.note || '—'}</dd>
              {details.data.transaction.reason ? (
                <>
                  <dt>{t('Reason')}</dt>
                  <dd>{guardText(details.data.transaction.reason, t)}</dd>
                </>
              ) : null}
            </dl>
          </section>
          {details.data.order ? <OrderPanel order={details.data.order} /> : null}
        </div>
      )}
    </div>
  );
}

function OrderPanel({ order }: { order: Order }) {
  const { t, plural } = useT();
  const formatDate = useFormatDate();
  const { notify } = useNotify();
  const refund = useRefundOrder();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmRefund = async () => {
    setAsking(false);
    setFailure(null);
    try {
      await refund.mutateAsync(order.id);
      notify('success', t('The order has been refunded.'));
    } catch (error) {
      setFailure(userMessage(error) ?? t('The order could not be refunded.'));
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="order-heading">
      <div className={own.orderHead}>
        <h2 id="order-heading" className={own.heading}>
          {t('Order @id', { id: order.id })}{' '}
          <span className={order.status === 'completed' ? styles.badgeOn : styles.badgeOff}>
            {order.status === 'completed' ? t('Completed') : t('Refunded')}
          </span>
        </h2>
        {order.status === 'completed' ? (
          <button
            type="button"
            className={styles.danger}
            disabled={refund.isPending}
            aria-busy={refund.isPending}
            onClick={() => setAsking(true)}
          >
            {t('Refund')}
          </button>
        ) : null}
      </div>
      {failure ? (
        <p className={styles.notice} role="alert">
          {failure}
        </p>
      ) : null}
      <p className={styles.muted}>
        {t('Placed on @date', { date: formatDate(order.created, 'j M Y, H:i') })}
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>{t('Items of the order')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Product')}</th>
              <th scope="col" className={styles.numeric}>
                {t('Quantity')}
              </th>
              <th scope="col" className={styles.numeric}>
                {t('Price')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={`${item.product_id ?? 'gone'}-${index}`}>
                <th scope="row">{item.title}</th>
                <td className={styles.numeric} data-label={t('Quantity')}>
                  {item.quantity}
                </td>
                <td className={styles.numeric} data-label={t('Price')}>
                  {plural(item.price, '@count point', '@count points')}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t('Total')}
              </th>
              <td className={styles.numeric} data-label={t('Total')}>
                {plural(order.total, '@count point', '@count points')}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('Refund this order?')}
        confirmLabel={t('Refund')}
        danger
        onConfirm={() => void confirmRefund()}
        onCancel={() => setAsking(false)}
      >
        {plural(
          order.total,
          'The buyer gets @count point back and the products return to stock.',
          'The buyer gets @count points back and the products return to stock.',
        )}
      </ConfirmDialog>
    </section>
  );
}
