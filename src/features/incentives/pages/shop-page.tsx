import { useFormatDate, useT } from '@engine/react';
import type { ShopQuery } from '@schemas/entities/incentives.schema';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { SHOP_PAGE_SIZE, useShop } from '@/lib/queries/shop';
import { useShopInfo } from '@/lib/queries/shop-info';
import { Icon } from '@/shell/icons/icons';
import { PageHeader } from '@/shell/page/page-header';
import { Pager } from '@/shell/pager/pager';
import { EmptyState, ErrorState } from '@/shell/states/states';
import buttons from '../components/buttons.module.css';
import { ProductCard, ProductCardSkeleton } from '../components/product-card';
import styles from './shop-page.module.css';

type Sort = NonNullable<ShopQuery['sort']>;
const SORTS: readonly Sort[] = ['newest', 'price_asc', 'price_desc', 'title'];

/** The shop's filters as they live in the address: `search`, `affordable=1`, `sort`, `page` from 1. */
function readParams(params: URLSearchParams) {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    affordable: params.get('affordable') === '1',
    sort: SORTS.find((s) => s === sort) ?? 'newest',
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** A copy of `params` with `changes` applied ('' or null removes); other changes reset the page. */
function withParams(params: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** Title, intro, banner, the caller's balance and what expires soon. */
function ShopIntro() {
  const { t, plural } = useT();
  const formatDate = useFormatDate();
  const info = useShopInfo();
  const data = info.data;
  return (
    <>
      {data?.banner?.url ? (
        <img
          className={styles.banner}
          src={data.banner.url}
          alt={data.banner.alt}
          height={data.banner_height}
          style={{ blockSize: data.banner_height }}
        />
      ) : null}
      <PageHeader
        title={data?.title || t('Reward shop')}
        lead={data?.intro ? <bdi>{data.intro}</bdi> : undefined}
      />
      {info.isError ? (
        <ErrorState
          message={t('Your points could not be loaded.')}
          onRetry={() => void info.refetch()}
        />
      ) : data ? (
        <div className={styles.balance}>
          <p className={styles.points}>
            <Icon name="star" size={22} />
            {plural(data.points, 'You have @count point', 'You have @count points')}
          </p>
          {data.expiring_soon ? (
            <p className={styles.expiring} role="note">
              <Icon name="warning" size={18} />
              {plural(
                data.expiring_soon.points,
                '@count point expires on @date',
                '@count points expire on @date',
                { date: formatDate(data.expiring_soon.date, 'j F Y') },
              )}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** /incentives: the reward shop with its filters in the address, a card grid and paging. */
export default function ShopPage() {
  const { t, plural } = useT();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = readParams(params);
  const shop = useShop({
    page: filters.page,
    limit: SHOP_PAGE_SIZE,
    sort: filters.sort,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.affordable ? { affordable: true } : {}),
  });
  const info = useShopInfo();
  const ids = { search: useId(), sort: useId(), affordable: useId() };
  const [searchText, setSearchText] = useState(filters.search);
  const [shownSearch, setShownSearch] = useState(filters.search);
  // Back and forward change the address: the search box follows it.
  if (shownSearch !== filters.search) {
    setShownSearch(filters.search);
    setSearchText(filters.search);
  }

  const update = (changes: Record<string, string | null>) => setParams(withParams(params, changes));
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: searchText.trim() });
  };
  const filtered = filters.search !== '' || filters.affordable;
  const clear = () => {
    setSearchText('');
    update({ search: null, affordable: null });
  };
  const hrefFor = (page: number) => {
    const query = withParams(params, { page: page > 0 ? String(page + 1) : null }).toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const total = shop.data?.meta.total;

  return (
    <div className={styles.page}>
      <ShopIntro />

      <section aria-labelledby="rewards-heading" className={styles.results}>
        <h2 id="rewards-heading" className="visually-hidden">
          {t('Rewards')}
        </h2>
        <div className={styles.toolbar}>
          <form role="search" className={styles.search} onSubmit={submitSearch}>
            <label htmlFor={ids.search}>{t('Search rewards')}</label>
            <div className={styles.searchRow}>
              <input
                id={ids.search}
                type="search"
                value={searchText}
                maxLength={200}
                onChange={(e) => setSearchText(e.target.value)}
              />
              <button type="submit" className={buttons.secondary}>
                <Icon name="search" size={18} />
                {t('Search')}
              </button>
            </div>
          </form>
          <label className={styles.toggle} htmlFor={ids.affordable}>
            <input
              id={ids.affordable}
              type="checkbox"
              checked={filters.affordable}
              onChange={(e) => update({ affordable: e.target.checked ? '1' : null })}
            />
            <span>{t('Only what I can afford')}</span>
          </label>
          <div className={styles.sort}>
            <label htmlFor={ids.sort}>{t('Sort by')}</label>
            <select
              id={ids.sort}
              value={filters.sort}
              onChange={(e) =>
                update({ sort: e.target.value === 'newest' ? null : e.target.value })
              }
            >
              <option value="newest">{t('Newest first')}</option>
              <option value="price_asc">{t('Price: low to high')}</option>
              <option value="price_desc">{t('Price: high to low')}</option>
              <option value="title">{t('Title')}</option>
            </select>
          </div>
        </div>

        <p className={styles.count} role="status">
          {total ? plural(total, '@count reward', '@count rewards') : ''}
        </p>

        {shop.isPending ? (
          <div role="status" className={styles.grid}>
            <span className="visually-hidden">{t('Loading rewards')}</span>
            {Array.from({ length: 6 }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </div>
        ) : shop.isError ? (
          <ErrorState
            message={t('The rewards could not be loaded.')}
            onRetry={() => void shop.refetch()}
          />
        ) : shop.data.data.length === 0 ? (
          filtered ? (
            <EmptyState
              title={t('No rewards match your search.')}
              action={
                <button type="button" className={buttons.primary} onClick={clear}>
                  {t('Show all rewards')}
                </button>
              }
            >
              <p>{t('Try other words, or include rewards you cannot afford yet.')}</p>
            </EmptyState>
          ) : (
            <EmptyState title={t('No rewards are available yet.')}>
              <p>
                {t(
                  'Keep learning to collect points; rewards will appear here as soon as they are published.',
                )}
              </p>
            </EmptyState>
          )
        ) : (
          <div aria-busy={shop.isPlaceholderData} className={styles.listing}>
            <ul className={styles.grid} aria-label={t('Rewards')}>
              {shop.data.data.map((product) => (
                <li key={product.id} className={styles.item}>
                  <ProductCard product={product} points={info.data?.points} />
                </li>
              ))}
            </ul>
            <Pager meta={shop.data.meta} hrefFor={hrefFor} />
          </div>
        )}
      </section>
    </div>
  );
}
