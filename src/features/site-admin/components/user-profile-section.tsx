import type { ApiRequestError } from '@engine/core';
import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import type { Language } from '@schemas/entities/language.schema';
import type { Country } from '@schemas/entities/settings.schema';
import { userFieldValue, type CurrentUser, type UserPatch } from '@schemas/entities/user.schema';
import {
  userAdminProfileFormSchema,
  userAdminProfileUiSchema,
  type UserAdminProfileForm,
} from '@schemas/forms/user-admin-profile.schema';
import { useMemo, useRef, useState } from 'react';
import { useUpdateUser } from '@/lib/queries/update-user';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { asApiError, userMessage } from './errors';
import { withUserChoices } from './user-form';
import styles from './users.module.css';

type Field = keyof UserAdminProfileForm;
const fields = Object.keys(userAdminProfileFormSchema.properties) as Field[];

/** The stored profile as the form's data; fields without a value stay out. */
function profileFormData(user: CurrentUser): UserAdminProfileForm {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = userFieldValue(user, field);
      return value !== undefined && value !== null && value !== '' ? [[field, value]] : [];
    }),
  ) as UserAdminProfileForm;
}

/**
 * The fields that differ from the stored profile. An emptied field that cannot be empty
 * (country, language, time zone) arrives as undefined and is left as it is.
 */
function changedProfile(stored: UserAdminProfileForm, data: UserAdminProfileForm): UserPatch {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = data[field];
      return value !== undefined && value !== (stored[field] ?? '') ? [[field, value]] : [];
    }),
  );
}

/** Names, job title, country, language, time zone and a few words about the person. */
export function UserProfileSection(p: {
  user: CurrentUser;
  name: string;
  self: boolean;
  languages: readonly Language[];
  countries: readonly Country[];
}) {
  const { t } = useT();
  const { notify } = useNotify();
  const update = useUpdateUser(p.user.uid, p.self);
  const [initial] = useState(() => profileFormData(p.user));
  // What the server holds now: later saves compare with it, not with the first data.
  const stored = useRef(initial);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const schema = useMemo(
    () =>
      withUserChoices(
        userAdminProfileFormSchema,
        { languages: p.languages, countries: p.countries, timezone: p.user.timezone },
        t,
      ),
    [p.languages, p.countries, p.user.timezone, t],
  );

  const submit = async (data: UserAdminProfileForm) => {
    setError(null);
    const patch = changedProfile(stored.current, data);
    if (Object.keys(patch).length === 0) {
      notify('info', t('Nothing has changed.'));
      return;
    }
    try {
      await update.mutateAsync(patch);
      stored.current = { ...stored.current, ...patch };
      notify('success', t('The profile of @name has been saved.', { name: p.name }));
    } catch (e) {
      const failure = asApiError(e);
      if (failure.status === 400) setError(failure);
      else notify('error', userMessage(failure) ?? t('Something went wrong, please try again.'));
    }
  };

  return (
    <section className={`${styles.section} ${styles.wide}`} aria-labelledby="user-profile-heading">
      <h2 id="user-profile-heading" className={styles.sectionTitle}>
        {t('Profile')}
      </h2>
      <SchemaForm<UserAdminProfileForm>
        schema={schema}
        uiSchema={userAdminProfileUiSchema}
        formData={initial}
        onSubmit={submit}
        serverErrors={error}
        submitLabel="Save profile"
      />
    </section>
  );
}
