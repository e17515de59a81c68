import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useFormTranslations } from '@/lib/form-translations';
import { useAdminProduct, useSaveAdminProduct } from '@/lib/queries/incentives-admin-products';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import styles from '../components/admin.module.css';
import {
  productFormData,
  productFormSchema,
  productUiSchema,
  toProductInput,
  type ProductFormData,
} from '../components/product-form.schema';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import { useFormSave } from '../components/use-form-save';
import { useRestrictionValues } from '../components/restriction-values';

const sources = { restrictionValues: useRestrictionValues };

const LIST = '/settings/incentives/products';

/** /settings/incentives/products/create and /{productId}/edit: a reward product's form. */
export default function ProductFormPage() {
  const { t } = useT();
  const { productId } = useParams();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const product = useAdminProduct(productId);
  const save = useSaveAdminProduct(productId);
  const editing = productId !== undefined;
  const formData = useMemo(
    () =>
      editing ? (product.data ? productFormData(product.data) : undefined) : productFormData(),
    [editing, product.data],
  );

  const texts = useFormTranslations(product.data?.translations);

  const { error, submit } = useFormSave<ProductFormData>(
    async (data) => {
      await save.mutateAsync({ ...toProductInput(data), translations: texts.value });
    },
    () => {
      notify(
        'success',
        editing ? t('The product has been saved.') : t('The product has been created.'),
      );
      void navigate(LIST);
    },
  );

  return (
    <div>
      <PageHeader
        title={editing ? t('Edit product') : t('New product')}
        lead={
          editing && product.data
            ? product.data.title
            : t('A reward learners can redeem their points for.')
        }
      />
      <div className={styles.panel}>
        {editing && product.isError ? (
          <ErrorState
            message={t('The product could not be loaded.')}
            onRetry={() => void product.refetch()}
          />
        ) : !formData ? (
          <TableSkeleton rows={6} />
        ) : (
          <SchemaForm<ProductFormData>
            key={productId ?? 'new'}
            schema={productFormSchema}
            uiSchema={productUiSchema}
            formData={formData}
            onSubmit={submit}
            sources={sources}
            translations={texts.translations}
            serverErrors={error}
            submitLabel={editing ? 'Save' : 'Create product'}
            actions={
              <Link className={styles.secondary} to={LIST}>
                {t('Cancel')}
              </Link>
            }
          />
        )}
      </div>
    </div>
  );
}
