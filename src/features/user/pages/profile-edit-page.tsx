import { ApiRequestError, type Envelope } from '@engine/core';
import { SchemaForm, useSession, useT } from '@engine/react';
import type { CurrentUser } from '@schemas/entities/user.schema';
import {
  profileFormSchema,
  profileUiSchema,
  type ProfileForm,
} from '@schemas/forms/profile.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '@/lib/api';
import { useLanguages } from '@/lib/queries/languages';
import { meQueryKey } from '@/lib/queries/me';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';

/** /user/{uid}/edit: profile fields, language and time zone. The server decides who may edit whom. */
export default function ProfileEditPage() {
  const { t } = useT();
  const { user } = useSession();
  const { uid } = useParams();
  const languages = useLanguages();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const [error, setError] = useState<ApiRequestError | null>(null);

  const schema = useMemo(() => {
    const options = languages.data ?? [];
    return {
      ...profileFormSchema,
      properties: {
        ...profileFormSchema.properties,
        language: options.length
          ? {
              ...profileFormSchema.properties.language,
              oneOf: options.map((l) => ({ const: l.langcode, title: l.native_name ?? l.name })),
            }
          : profileFormSchema.properties.language,
        timezone: {
          ...profileFormSchema.properties.timezone,
          enum: Intl.supportedValuesOf('timeZone'),
        },
      },
    };
  }, [languages.data]);

  if (!user) return null;
  const editingSelf = String(user.uid) === uid;
  const formData: ProfileForm | undefined = editingSelf
    ? {
        first_name: user.first_name ?? '',
        last_name: user.last_name ?? '',
        title: user.profile?.title ?? '',
        language: user.language ?? undefined,
        timezone: user.timezone ?? undefined,
      }
    : undefined;

  const submit = async (data: ProfileForm) => {
    setError(null);
    try {
      await api.patch<Envelope<CurrentUser>>(`users/${uid}`, data, { json: true });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      notify('success', t('Your profile has been saved.'));
      void navigate('/user');
    } catch (e) {
      if (e instanceof ApiRequestError) {
        setError(e);
        if (e.status !== 400) notify('error', t('Something went wrong, please try again.'));
      }
    }
  };

  return (
    <section>
      <PageHeader title={t('Edit profile')} />
      <SchemaForm<ProfileForm>
        schema={schema}
        uiSchema={profileUiSchema}
        formData={formData}
        onSubmit={submit}
        serverErrors={error}
        submitLabel={t('Save')}
      />
    </section>
  );
}
