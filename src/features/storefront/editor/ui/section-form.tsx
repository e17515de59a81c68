import { useT } from '@engine/react';
import { SchemaForm } from '@engine/react/schema-form';
import type { SectionTypeDeclaration } from '@schemas/config/section-type.schema';
import type { StorefrontRestrictionOptions } from '@schemas/entities/storefront.schema';
import type { UiSchema } from '@rjsf/utils';
import { useEffect, useId, useMemo, useRef } from 'react';
import type { EditorSection, SectionData } from '../editor-config';
import {
  formToRestrictions,
  restrictionsFormSchema,
  restrictionsToForm,
  type RestrictionsForm,
} from '../restrictions-form';
import styles from './storefront-editor.module.css';

export interface SectionFormProps {
  section: EditorSection;
  type: SectionTypeDeclaration;
  /** Restriction types the layout offers, with their options. */
  offered: readonly StorefrontRestrictionOptions[];
  /** Replaces the given parts of the section's data and returns it to view. */
  onApply: (data: Partial<SectionData>) => void;
  /** Leaves the form without changes (a section being created is dropped). */
  onCancel: () => void;
}

interface SettingsForm {
  settings: Record<string, unknown>;
  restrictions?: RestrictionsForm;
}

const headings = {
  create: 'New section: @type',
  edit: 'Content',
  settings: 'Settings and audience',
  customize: 'Appearance',
} as const;

/**
 * The form of a section's editing state: content (create, edit), settings with the audience
 * restrictions (settings), or appearance (customize), each rendered from the section type's
 * schemas. Valid data is applied to the editor; nothing reaches the server before Save.
 */
export function SectionForm({ section, type, offered, onApply, onCancel }: SectionFormProps) {
  const { t } = useT();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const state = section.state === 'view' ? 'edit' : section.state;

  useEffect(() => {
    heading.current?.focus();
  }, [state]);

  const restrictions = useMemo(
    () => restrictionsFormSchema(offered, type.restrictions),
    [offered, type.restrictions],
  );
  const hasRestrictions = Object.keys(restrictions.properties).length > 0;

  const cancel = (
    <button type="button" className="btn btn-secondary" onClick={onCancel}>
      {t('Cancel')}
    </button>
  );

  let form;
  if (state === 'create' || state === 'edit') {
    form = (
      <SchemaForm<Record<string, unknown>>
        schema={type.content}
        uiSchema={(type.ui?.content ?? {}) as UiSchema}
        formData={section.data.content}
        submitLabel={state === 'create' ? 'Add section' : 'Apply'}
        actions={cancel}
        onSubmit={(content) => onApply({ content })}
      />
    );
  } else if (state === 'settings') {
    const schema = {
      type: 'object',
      properties: {
        settings: { ...type.settings, title: 'Settings' },
        ...(hasRestrictions ? { restrictions } : {}),
      },
    };
    const uiSchema = {
      settings: type.ui?.settings ?? {},
      restrictions: Object.fromEntries(
        offered.map((r) => [
          r.type,
          r.multiple
            ? { 'ui:help': 'Hold Ctrl or Cmd to choose more than one; none chosen means anyone.' }
            : { 'ui:placeholder': 'Anyone' },
        ]),
      ),
    } as UiSchema;
    form = (
      <SchemaForm<SettingsForm>
        schema={schema}
        uiSchema={uiSchema}
        formData={{
          settings: section.data.settings,
          restrictions: restrictionsToForm(section.data.restrictions, offered),
        }}
        submitLabel="Apply"
        actions={cancel}
        onSubmit={(data) =>
          onApply({
            settings: data.settings,
            restrictions: formToRestrictions(
              data.restrictions ?? {},
              section.data.restrictions,
              offered,
              type.restrictions,
            ),
          })
        }
      />
    );
  } else {
    form = (
      <SchemaForm<Record<string, unknown>>
        schema={type.appearance}
        uiSchema={(type.ui?.appearance ?? {}) as UiSchema}
        formData={section.data.appearance}
        submitLabel="Apply"
        actions={cancel}
        onSubmit={(appearance) => onApply({ appearance })}
      />
    );
  }

  return (
    <section className={styles.form} aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.formHeading}>
        {t(headings[state], { type: t(type.label) })}
      </h3>
      {form}
    </section>
  );
}
