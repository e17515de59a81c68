import { useFormatDate, useT } from '@engine/react';
import type { Product } from '@schemas/entities/incentives.schema';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminProducts, useDeleteAdminProduct } from '@/lib/queries/incentives-admin-products';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { Pager } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import styles from '../components/admin.module.css';
import { RowActions } from '../components/row-actions';
import { availabilityText } from '../components/availability';
import { formText, userMessage } from '../components/errors';
import { TableSkeleton } from '@/shell/states/table-skeleton';

const LIMIT = 25;
const BASE = '/settings/incentives/products';

/** /settings/incentives/products: reward products, searchable and paged, with edit and delete. */
export default function ProductsPage() {
  const { t, plural } = useT();
  const formatDate = useFormatDate();
  const { notify } = useNotify();
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page')) || 0);
  const search = params.get('search') ?? '';
  const products = useAdminProducts({ page, limit: LIMIT, ...(search ? { search } : {}) });
  const remove = useDeleteAdminProduct();
  const [pending, setPending] = useState<Product | null>(null);
  const searchId = useId();

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = formText(new FormData(event.currentTarget), 'search');
    const next = new URLSearchParams(params);
    next.delete('page');
    if (value) next.set('search', value);
    else next.delete('search');
    setParams(next);
  };

  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 0) next.set('page', String(p));
    else next.delete('page');
    const query = next.toString();
    return query ? `${BASE}?${query}` : BASE;
  };

  const confirmDelete = async () => {
    const product = pending;
    setPending(null);
    if (!product) return;
    try {
      await remove.mutateAsync(product.id);
      notify('success', t('@title has been deleted.', { title: product.title }));
    } catch (error) {
      notify('error', userMessage(error) ?? t('Something went wrong, please try again.'));
    }
  };

  const list = products.data;
  return (
    <div>
      <PageHeader
        title={t('Products')}
        lead={t('Rewards learners can redeem their points for.')}
        actions={
          <Link className={styles.primary} to={`${BASE}/create`}>
            {t('New product')}
          </Link>
        }
      />
      <form className={styles.toolbar} onSubmit={submitSearch} role="search">
        <div className={styles.field}>
          <label htmlFor={searchId}>{t('Search products')}</label>
          <input id={searchId} name="search" type="search" defaultValue={search} key={search} />
        </div>
        <button type="submit" className={styles.secondary}>
          {t('Search')}
        </button>
      </form>

      {products.isPending ? (
        <TableSkeleton />
      ) : products.isError ? (
        <ErrorState
          message={t('The products could not be loaded.')}
          onRetry={() => void products.refetch()}
        />
      ) : !list || list.data.length === 0 ? (
        <EmptyState
          title={search ? t('No products match your search.') : t('No products yet.')}
          action={
            search ? undefined : (
              <Link className={styles.primary} to={`${BASE}/create`}>
                {t('Create the first product')}
              </Link>
            )
          }
        />
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>{plural(list.meta.total, '@count product', '@count products')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Title')}</th>
                  <th scope="col" className={styles.numeric}>
                    {t('Price')}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {t('Stock left')}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {t('Sold')}
                  </th>
                  <th scope="col">{t('Published')}</th>
                  <th scope="col">{t('Availability')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('Actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((product) => (
                  <tr key={product.id}>
                    <th scope="row">
                      <span className={styles.productTitle}>
                        {product.image.url ? (
                          // Its title is next to it: the picture adds nothing to read.
                          <img
                            className={styles.thumbnail}
                            src={product.image.url}
                            alt=""
                            width={48}
                            height={32}
                            loading="lazy"
                          />
                        ) : (
                          <span className={styles.thumbnail} aria-hidden="true" />
                        )}
                        <span dir="auto">{product.title}</span>
                      </span>
                    </th>
                    <td className={styles.numeric} data-label={t('Price')}>
                      {plural(product.price, '@count point', '@count points')}
                    </td>
                    <td className={styles.numeric} data-label={t('Stock left')}>
                      {product.stock === null
                        ? t('Unlimited')
                        : Math.max(0, product.stock - product.sold)}
                    </td>
                    <td className={styles.numeric} data-label={t('Sold')}>
                      {product.sold}
                    </td>
                    <td data-label={t('Published')}>
                      <span className={product.published ? styles.badgeOn : styles.badgeOff}>
                        {product.published ? t('Yes') : t('No')}
                      </span>
                    </td>
                    <td data-label={t('Availability')}>
                      {availabilityText(product, t, formatDate)}
                    </td>
                    <td>
                      <RowActions
                        name={product.title}
                        editTo={`${BASE}/${product.id}/edit`}
                        onDelete={() => setPending(product)}
                      />
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

      <ConfirmDialog
        open={pending !== null}
        title={t('Delete this product?')}
        confirmLabel={t('Delete')}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      >
        {pending
          ? t('@title will be removed from the shop. Past orders keep their record.', {
              title: pending.title,
            })
          : null}
      </ConfirmDialog>
    </div>
  );
}
