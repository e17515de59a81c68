import { useFormatDate, usePageTitle, useT } from '@engine/react';
import { useId, useMemo } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useShopProduct } from '@/lib/queries/shop-product';
import { useWallet } from '@/lib/queries/wallet';
import { BackLink } from '@/shell/back-link/back-link';
import { Icon } from '@/shell/icons/icons';
import { ErrorState } from '@/shell/states/states';
import { blockedReason } from '../components/blocked';
import buttons from '../components/buttons.module.css';
import { sanitizeAdminHtml } from '@/lib/admin-html';
import styles from './product-page.module.css';

/** /incentives/{productId}: one reward, its description and the way to redeem it. */
export default function ProductPage() {
  const i18n = useT();
  const { t, plural } = i18n;
  const formatDate = useFormatDate();
  const id = Number(useParams().productId);
  const product = useShopProduct(id);
  const wallet = useWallet();
  usePageTitle(product.data?.title);
  const reasonId = useId();
  const description = useMemo(
    () => sanitizeAdminHtml(product.data?.description ?? ''),
    [product.data?.description],
  );

  if (!Number.isInteger(id) || id < 1) return <Navigate to="/not-found" replace />;
  if (product.isPending) {
    return (
      <div role="status" className={styles.skeleton}>
        <span className="visually-hidden">{t('Loading reward')}</span>
        <div className={styles.skeletonImage} aria-hidden="true" />
        <div className={styles.skeletonLines} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      </div>
    );
  }
  if (product.isError) {
    return (
      <ErrorState
        message={t('The reward could not be loaded.')}
        onRetry={() => void product.refetch()}
      />
    );
  }

  const data = product.data;
  const reason = blockedReason(data, wallet.data?.points, i18n);

  return (
    <article className={styles.page}>
      <BackLink title={t('Back to the shop')} url="/incentives" />
      <div className={styles.hero}>
        <div className={styles.media}>
          {data.image.url ? (
            <img
              className={styles.image}
              src={data.image.url}
              alt={data.image.alt}
              width={640}
              height={360}
            />
          ) : (
            <Icon name="gift" size={64} />
          )}
        </div>
        <div className={styles.intro}>
          <h1 className={styles.title} dir="auto">
            {data.title}
          </h1>
          <p className={styles.price}>
            <Icon name="star" size={22} />
            {plural(data.price, '@count point', '@count points')}
          </p>
          <ul className={styles.facts} aria-label={t('Details')}>
            {data.stock_left !== null ? (
              <li>{plural(data.stock_left, '@count left', '@count left')}</li>
            ) : null}
            {data.per_user_limit !== null ? (
              <li>
                {plural(
                  data.per_user_limit,
                  'Limit: @count per person',
                  'Limit: @count per person',
                )}
              </li>
            ) : null}
            {data.purchased > 0 ? (
              <li>
                {plural(
                  data.purchased,
                  'You have redeemed this once',
                  'You have redeemed this @count times',
                )}
              </li>
            ) : null}
            {data.available_until ? (
              <li>
                {t('Available until @date', { date: formatDate(data.available_until, 'j F Y') })}
              </li>
            ) : null}
          </ul>
          <div className={styles.actions}>
            {reason ? (
              <>
                <button
                  type="button"
                  className={buttons.primary}
                  disabled
                  aria-describedby={reasonId}
                >
                  {t('Redeem')}
                </button>
                <p id={reasonId} className={styles.reason}>
                  <Icon name="info" size={18} />
                  {reason}
                </p>
              </>
            ) : (
              <Link className={buttons.primary} to={`/incentives/${data.id}/purchase`}>
                {t('Redeem')}
              </Link>
            )}
          </div>
        </div>
      </div>
      {description ? (
        <section className={styles.body} aria-labelledby="description-heading">
          <h2 id="description-heading">{t('About this reward')}</h2>
          {/* Sanitized with DOMPurify above. */}
          <div
            className={styles.prose}
            dir="auto"
            dangerouslySetInnerHTML={{ __html: description }}
          />
        </section>
      ) : null}
    </article>
  );
}
