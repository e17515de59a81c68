import { ApiRequestError } from '@engine/core';
import { useSession, useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import { isAdministratorAttribute } from '@schemas/entities/user.schema';
import {
  profileFormSchema,
  profileUiSchema,
  type ProfileForm,
} from '@schemas/forms/profile.schema';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCountries } from '@/lib/queries/countries';
import { useLanguages } from '@/lib/queries/languages';
import { useUpdateUser } from '@/lib/queries/update-user';
import { useUser } from '@/lib/queries/user';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import { AvatarUploader } from '../components/avatar-uploader';
import styles from './profile-edit-page.module.css';

type Field = keyof ProfileForm;

/** Fields only an administrator sets (job title, country), as `userAttributes` declares them. */
const administratorFields = (Object.keys(profileFormSchema.properties) as Field[]).filter(
  isAdministratorAttribute,
);

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/**
 * /user/{uid}/edit: names, title, country, language and time zone as a schema-rendered form, with
 * the picture beside it. The server decides who may edit whom. Job title and country are set by
 * administrators (audiences of rewards and storefront sections follow them), so anyone else sees
 * them read-only and never sends them. Saving one's own language switches the interface and its
 * direction at once (the `me` cache drives the app's language).
 */
export default function ProfileEditPage() {
  const { t } = useT();
  const { user, flags } = useSession();
  const { uid = '' } = useParams();
  const languages = useLanguages();
  const countries = useCountries();
  const administrator = flags.site_manage === true;
  const navigate = useNavigate();
  const { notify } = useNotify();
  const editingSelf = user !== null && String(user.uid) === uid;
  const edited = useUser(uid);
  const update = useUpdateUser(uid, editingSelf);
  const [error, setError] = useState<ApiRequestError | null>(null);

  const schema = useMemo(() => {
    const options = languages.data ?? [];
    const countryList = countries.data?.countries ?? [];
    return {
      ...profileFormSchema,
      properties: {
        ...profileFormSchema.properties,
        country: countryList.length
          ? {
              ...profileFormSchema.properties.country,
              oneOf: countryList.map((c) => ({ const: c.code, title: c.name })),
            }
          : profileFormSchema.properties.country,
        language: options.length
          ? {
              ...profileFormSchema.properties.language,
              oneOf: options.map((l) => ({ const: l.langcode, title: l.native_name ?? l.name })),
            }
          : profileFormSchema.properties.language,
        timezone: { ...profileFormSchema.properties.timezone, enum: timeZones() },
      },
    };
  }, [languages.data, countries.data]);

  const readOnly = useMemo(() => (administrator ? [] : administratorFields), [administrator]);
  const uiSchema = useMemo(
    () => ({
      ...profileUiSchema,
      ...Object.fromEntries(
        readOnly.map((field) => [
          field,
          {
            ...profileUiSchema[field],
            'ui:readonly': true,
            'ui:help': 'Managed by your administrator',
          },
        ]),
      ),
    }),
    [readOnly],
  );

  if (!user) return null;
  const person = edited.data;
  const formData: ProfileForm | undefined = person
    ? {
        first_name: person.first_name ?? '',
        last_name: person.last_name ?? '',
        title: person.profile?.title ?? '',
        ...(person.profile?.country ? { country: person.profile.country } : {}),
        ...(person.language ? { language: person.language } : {}),
        ...(person.timezone ? { timezone: person.timezone } : {}),
      }
    : undefined;

  const submit = async (data: ProfileForm) => {
    setError(null);
    // Read-only fields go back as they came, so they are left out of the change.
    const patch = Object.fromEntries(
      Object.entries(data).filter(([field]) => !readOnly.includes(field as Field)),
    ) as ProfileForm;
    try {
      await update.mutateAsync(patch);
      notify('success', t('Your profile has been saved.'));
      if (editingSelf) void navigate('/user');
    } catch (e) {
      const failure = e instanceof ApiRequestError ? e : new ApiRequestError('FETCH_ERROR', '');
      setError(failure.status === 400 ? failure : null);
      if (failure.status !== 400) notify('error', t('Something went wrong, please try again.'));
    }
  };

  const fullName = person?.full_name ?? person?.name ?? '';

  return (
    <div>
      <PageHeader
        title={t('Edit profile')}
        lead={
          editingSelf
            ? t('Your name, language and time zone, as others and the site see them.')
            : t('You are editing the profile of @name.', { name: fullName || `#${uid}` })
        }
      />
      <div className={styles.layout}>
        <div className={styles.form}>
          {edited.isError ? (
            <p className={styles.notice} role="alert">
              {t('This profile could not be loaded.')}{' '}
              <button type="button" className={styles.retry} onClick={() => void edited.refetch()}>
                {t('Try again')}
              </button>
            </p>
          ) : languages.isPending || countries.isPending || edited.isPending ? (
            <p role="status">{t('Loading')}</p>
          ) : (
            <SchemaForm<ProfileForm>
              key={uid}
              schema={schema}
              uiSchema={uiSchema}
              {...(formData ? { formData } : {})}
              onSubmit={submit}
              serverErrors={error}
              submitLabel="Save"
            />
          )}
        </div>
        <div>
          <AvatarUploader
            uid={uid}
            name={fullName || t('User @uid', { uid })}
            current={person?.avatar ?? null}
          />
        </div>
      </div>
    </div>
  );
}
