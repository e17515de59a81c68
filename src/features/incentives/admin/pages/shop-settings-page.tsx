import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import type { ShopSettings } from '@schemas/entities/incentives.schema';
import { useState } from 'react';
import { useFormTranslations } from '@/lib/form-translations';
import {
  useAdminShopSettings,
  useSaveAdminShopSettings,
  type AdminShopSettings,
} from '@/lib/queries/incentives-admin-shop-settings';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { ErrorState } from '@/shell/states/states';
import styles from '../components/admin.module.css';
import {
  shopSettingsFormData,
  shopSettingsFormSchema,
  shopSettingsUiSchema,
  toShopSettings,
  type ShopSettingsFormData,
} from '../components/shop-settings-form.schema';
import { TableSkeleton } from '@/shell/states/table-skeleton';
import { useFormSave } from '../components/use-form-save';
import own from './shop-settings-page.module.css';

/** /settings/incentives/shop: the reward shop's title, introduction and banner, with a preview. */
export default function ShopSettingsPage() {
  const { t } = useT();
  const settings = useAdminShopSettings();
  return (
    <div>
      <PageHeader title={t('Shop settings')} lead={t('What learners see above the rewards.')} />
      {settings.isPending ? (
        <TableSkeleton rows={5} />
      ) : settings.isError ? (
        <ErrorState
          message={t('The shop settings could not be loaded.')}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <ShopSettingsForm stored={settings.data} />
      )}
    </div>
  );
}

function ShopSettingsForm({ stored }: { stored: AdminShopSettings }) {
  const { t } = useT();
  const { notify } = useNotify();
  const save = useSaveAdminShopSettings();
  const [initial] = useState(() => shopSettingsFormData(stored));
  const [draft, setDraft] = useState<ShopSettings>(stored);
  // The title, introduction and banner description in the other languages, in tabs.
  const [storedTexts] = useState(() => stored.translations ?? {});
  const languages = useFormTranslations(storedTexts);

  const { error, submit } = useFormSave<ShopSettingsFormData>(
    async (data) => {
      await save.mutateAsync({ ...toShopSettings(data), translations: languages.value });
    },
    () => notify('success', t('The shop settings have been saved.')),
  );

  return (
    <div className={own.layout}>
      <div className={styles.panel}>
        <SchemaForm<ShopSettingsFormData>
          schema={shopSettingsFormSchema}
          uiSchema={shopSettingsUiSchema}
          formData={initial}
          onSubmit={submit}
          onChange={(data) => setDraft(toShopSettings(data))}
          serverErrors={error}
          translations={languages.translations}
        />
      </div>
      <BannerPreview settings={draft} />
    </div>
  );
}

function BannerPreview({ settings }: { settings: ShopSettings }) {
  const { t } = useT();
  const height = Math.min(600, Math.max(80, settings.banner_height || 80));
  return (
    <section className={`${styles.panel} ${own.preview}`} aria-labelledby="shop-preview-heading">
      <h2 id="shop-preview-heading" className={own.previewTitle}>
        {t('Preview')}
      </h2>
      {settings.banner ? (
        <img
          className={own.banner}
          src={settings.banner.url}
          alt={settings.banner.alt}
          style={{ blockSize: `${height}px` }}
        />
      ) : (
        <div className={own.placeholder} style={{ blockSize: `${height}px` }}>
          {t('No banner')}
        </div>
      )}
      <p className={own.shopTitle}>{settings.title || t('Reward shop')}</p>
      {settings.intro ? <p className={own.intro}>{settings.intro}</p> : null}
    </section>
  );
}
