import { ApiRequestError, newIdempotencyKey } from '@engine/core';
import { useBreadcrumbLabel, useT } from '@engine/react';
import type { Order } from '@schemas/entities/incentives.schema';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useCheckout } from '@/lib/queries/checkout';
import { useShopProduct } from '@/lib/queries/shop-product';
import { useWallet } from '@/lib/queries/wallet';
import { Icon } from '@/shell/icons/icons';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import { blockedReason } from '../components/blocked';
import buttons from '../components/buttons.module.css';
import styles from './purchase-page.module.css';

/** What the success page receives in the navigation state. */
export interface PurchaseSuccessState {
  order: Order;
}

/** A failed checkout in words: the server's own for a conflict (409), else the generic one. */
function failureMessage(error: unknown, t: (s: string) => string): string {
  if (error instanceof ApiRequestError && error.status === 409) return t(error.message);
  return t('Something went wrong, please try again.');
}

/** /incentives/{productId}/purchase: the product, the balance before and after, then Confirm. */
export default function PurchasePage() {
  const i18n = useT();
  const { t, plural } = i18n;
  const navigate = useNavigate();
  const id = Number(useParams().productId);
  const product = useShopProduct(id);
  useBreadcrumbLabel(product.data?.title, `/incentives/${id}`);
  const wallet = useWallet();
  const checkout = useCheckout();
  // A second click can land before React re-renders the busy button, or after the purchase went
  // through but before the success page shows: this ref stops it. After a success it stays set.
  const sending = useRef(false);
  // One purchase, one Idempotency-Key: whatever still gets sent twice is charged once.
  const [purchaseKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  if (!Number.isInteger(id) || id < 1) return <Navigate to="/not-found" replace />;

  const title = <PageHeader title={t('Confirm your purchase')} />;
  if (product.isPending) {
    return (
      <section>
        {title}
        <p role="status" className={styles.loading}>
          {t('Loading reward')}
        </p>
      </section>
    );
  }
  if (product.isError) {
    return (
      <section>
        {title}
        <ErrorState
          message={t('The reward could not be loaded.')}
          onRetry={() => void product.refetch()}
        />
      </section>
    );
  }

  const data = product.data;
  const before = wallet.data?.points;
  const after = before === undefined ? undefined : before - data.price;
  const reason =
    blockedReason(data, before, i18n) ??
    (after !== undefined && after < 0 ? t('Not enough points') : null);

  // Bought: the button stays busy until the success page has taken over.
  const busy = checkout.isPending || checkout.isSuccess;

  const confirm = () => {
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    checkout.mutate(
      { products: [data.id], key: purchaseKey },
      {
        onSuccess: (order) => {
          const state: PurchaseSuccessState = { order };
          void navigate('/incentives/purchase-success', { replace: true, state });
        },
        onError: (error) => {
          sending.current = false;
          setFailure(failureMessage(error, t));
        },
      },
    );
  };

  return (
    <section className={styles.page}>
      {title}
      {failure ? (
        <div ref={alertRef} tabIndex={-1} role="alert" className={styles.alert}>
          <Icon name="error" size={20} />
          <p>{failure}</p>
        </div>
      ) : null}
      <div className={styles.summary}>
        <div className={styles.product}>
          <div className={styles.media}>
            {data.image.url ? (
              <img src={data.image.url} alt="" width={160} height={90} className={styles.image} />
            ) : (
              <Icon name="gift" size={36} />
            )}
          </div>
          <div>
            <h2 className={styles.productTitle} dir="auto">
              {data.title}
            </h2>
            <p className={styles.muted}>{t('One unit')}</p>
          </div>
        </div>
        <dl className={styles.figures}>
          <div>
            <dt>{t('Price')}</dt>
            <dd>{plural(data.price, '@count point', '@count points')}</dd>
          </div>
          <div>
            <dt>{t('Your balance now')}</dt>
            <dd>
              {before === undefined
                ? wallet.isError
                  ? t('Unknown')
                  : t('Loading…')
                : plural(before, '@count point', '@count points')}
            </dd>
          </div>
        </dl>
        {after !== undefined && after >= 0 ? (
          <p className={styles.after}>
            {plural(
              after,
              'Your balance after this purchase: @count point',
              'Your balance after this purchase: @count points',
            )}
          </p>
        ) : null}
        {reason ? (
          <p className={styles.reason}>
            <Icon name="info" size={18} />
            {reason}
          </p>
        ) : null}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.primary}
          onClick={confirm}
          disabled={busy || reason !== null}
          aria-busy={busy}
        >
          {busy ? t('Confirming…') : t('Confirm')}
        </button>
        <Link className={buttons.secondary} to={`/incentives/${data.id}`}>
          {t('Cancel')}
        </Link>
      </div>
    </section>
  );
}
