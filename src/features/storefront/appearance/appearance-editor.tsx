import { ApiRequestError, bracketToDotted } from '@engine/core';
import { useT } from '@engine/react';
import type { Appearance } from '@schemas/entities/appearance.schema';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useResetAppearance } from '@/lib/queries/reset-appearance';
import { useSaveAppearance } from '@/lib/queries/save-appearance';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { useNotify } from '@/shell/notifications/notifications-provider';
import { PageHeader } from '@/shell/page/page-header';
import {
  applyEdits,
  COLOR_FIELDS,
  FONT_ROLES,
  isRequired,
  ROUNDNESS_FIELDS,
  sameDraft,
  toBody,
  toDraft,
  validateDraft,
  type AppearanceDraft,
  type DraftEdits,
  type DraftError,
  type FontRole,
} from './appearance-draft';
import { AppearancePreview } from './appearance-preview';
import { carriesText } from './contrast';
import { CheckboxField, ColorField, TextField } from './fields';
import styles from './storefront-appearance-page.module.css';

const FONT_NAMES: readonly { key: FontRole; label: string }[] = [
  { key: 'body', label: 'Body text' },
  { key: 'headings', label: 'Headings' },
  { key: 'links', label: 'Links' },
  { key: 'icons', label: 'Icons' },
];

const FORM_ID = 'appearance-form';

/** Every field path the form shows, to place server messages on their fields. */
function fieldPaths(draft: AppearanceDraft): Set<string> {
  const paths = [
    'logo.url',
    'logo.alt',
    'favicon',
    'site_background.color',
    'site_background.image',
  ];
  for (const key of Object.keys(draft.colors)) paths.push(`colors.${key}`);
  for (const key of Object.keys(draft.roundness)) paths.push(`roundness.${key}`);
  for (const role of FONT_ROLES) paths.push(`fonts.${role}.name`, `fonts.${role}.family`);
  paths.push('fonts.icons.filled', 'fonts.icons.grade', 'fonts.icons.weight');
  return new Set(paths);
}

export interface AppearanceEditorProps {
  /** The saved appearance (from the cache). */
  stored: Appearance;
  siteName: string;
}

/**
 * The appearance form with its live preview. Edits live in a draft until saved; the saved theme
 * stays in the cache (and on the page) until the server has accepted the change.
 */
export function AppearanceEditor({ stored, siteName }: AppearanceEditorProps) {
  const { t } = useT();
  const { notify } = useNotify();
  const save = useSaveAppearance();
  const restoreDefaults = useResetAppearance();
  const [confirmingDefaults, setConfirmingDefaults] = useState(false);
  const defaultsId = useId();
  const busy = save.isPending || restoreDefaults.isPending;
  const baseline = useMemo(() => toDraft(stored), [stored]);
  const [edits, setEdits] = useState<DraftEdits>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const current = useMemo(() => applyEdits(baseline, edits), [baseline, edits]);
  const dirty = !sameDraft(current, baseline);
  const clientErrors = useMemo(() => validateDraft(current, stored), [current, stored]);
  const body = useMemo(() => toBody(current, stored), [current, stored]);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const describe = (e: DraftError) => t(e.message, e.params);
  const errorFor = (path: string): string | undefined => {
    if (serverErrors[path]) return t(serverErrors[path]);
    const e = clientErrors[path];
    return e && (submitted || touched.has(path)) ? describe(e) : undefined;
  };
  const blur = (path: string) =>
    setTouched((old) => (old.has(path) ? old : new Set(old).add(path)));

  const edit = (path: string) => (value: string | boolean) => {
    setEdits((old) => ({ ...old, [path]: value }));
    setServerErrors((old) => {
      if (!(path in old)) return old;
      const next = { ...old };
      delete next[path];
      return next;
    });
  };

  const reset = () => {
    setEdits({});
    setTouched(new Set());
    setSubmitted(false);
    setServerErrors({});
    setOtherErrors([]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || busy) return;
    setServerErrors({});
    setOtherErrors([]);
    if (Object.keys(clientErrors).length > 0) {
      setSubmitted(true);
      setFocusRequest((n) => n + 1);
      return;
    }
    try {
      await save.mutateAsync(body);
      reset();
      notify('success', t('Appearance settings have been saved.'));
    } catch (e) {
      const failure = e instanceof ApiRequestError ? e : null;
      if (failure?.status === 400 && failure.messages.length > 0) {
        const known = fieldPaths(current);
        const onFields: Record<string, string> = {};
        const elsewhere: string[] = [];
        for (const { path, text } of failure.messages) {
          const dotted = bracketToDotted(path);
          if (known.has(dotted)) onFields[dotted] ??= text;
          else elsewhere.push(text);
        }
        setServerErrors(onFields);
        setOtherErrors(elsewhere);
        setSubmitted(true);
        setFocusRequest((n) => n + 1);
      } else {
        notify('error', t('Something went wrong, please try again.'));
      }
    }
  };

  const resetToDefaults = async () => {
    setConfirmingDefaults(false);
    try {
      await restoreDefaults.mutateAsync();
      reset();
      notify('success', t('The appearance has been reset to the defaults.'));
    } catch {
      notify('error', t('Something went wrong, please try again.'));
    }
  };

  const showSummary =
    (submitted && Object.keys(clientErrors).length > 0) ||
    Object.keys(serverErrors).length > 0 ||
    otherErrors.length > 0;

  return (
    <>
      <PageHeader
        title={t('Appearance')}
        lead={t('Logo, colours, fonts, roundness, favicon and site background.')}
        actions={
          <>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={reset}
              disabled={!dirty || busy}
            >
              {t('Reset to saved')}
            </button>
            <button
              type="submit"
              form={FORM_ID}
              className={styles.primaryButton}
              disabled={!dirty || busy}
              aria-busy={save.isPending}
            >
              {save.isPending ? t('Saving…') : t('Save')}
            </button>
          </>
        }
      />
      <p className={styles.status} role="status">
        {dirty ? t('You have unsaved changes.') : t('Everything is saved.')}
      </p>
      <div className={styles.layout}>
        <form
          id={FORM_ID}
          ref={formRef}
          className={styles.form}
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={t('Appearance')}
        >
          {showSummary ? (
            <div className={styles.summary} role="alert">
              <p>{t('Some fields need your attention. The messages are beside them.')}</p>
              {otherErrors.length > 0 ? (
                <ul>
                  {otherErrors.map((text) => (
                    <li key={text}>{t(text)}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}

          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('Colours')}</legend>
            <p className={styles.groupNote}>
              {t(
                'Text on buttons, the header and menus turns black or white to suit each colour. A warning shows when neither reads well.',
              )}
            </p>
            <div className={styles.grid}>
              {COLOR_FIELDS.map(({ key, label }) => (
                <ColorField
                  key={key}
                  path={`colors.${key}`}
                  label={t(label)}
                  value={current.colors[key] ?? ''}
                  onChange={edit(`colors.${key}`)}
                  onBlur={blur}
                  error={errorFor(`colors.${key}`)}
                  required={isRequired('colors', key, stored)}
                  checkContrast={carriesText(key)}
                />
              ))}
            </div>
          </fieldset>

          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('Logo')}</legend>
            <div className={styles.grid}>
              <TextField
                path="logo.url"
                label={t('Logo address (URL)')}
                type="url"
                ltr
                maxLength={2048}
                value={current.logo.url}
                onChange={edit('logo.url')}
                onBlur={blur}
                error={errorFor('logo.url')}
                hint={t('For example /logo.svg or https://example.org/logo.png')}
              />
              <TextField
                path="logo.alt"
                label={t('Logo text alternative')}
                maxLength={200}
                value={current.logo.alt}
                onChange={edit('logo.alt')}
                onBlur={blur}
                error={errorFor('logo.alt')}
                hint={t('What the logo says, for people who cannot see it.')}
              />
            </div>
          </fieldset>

          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('Fonts')}</legend>
            {FONT_NAMES.map(({ key: role, label }) => {
              const font = current.fonts[role];
              return (
                <fieldset key={role} className={styles.subgroup}>
                  <legend className={styles.sublegend}>{t(label)}</legend>
                  <div className={styles.grid}>
                    <TextField
                      path={`fonts.${role}.name`}
                      label={t('Name')}
                      maxLength={100}
                      value={font.name}
                      onChange={edit(`fonts.${role}.name`)}
                      onBlur={blur}
                      error={errorFor(`fonts.${role}.name`)}
                    />
                    <TextField
                      path={`fonts.${role}.family`}
                      label={t('Font family (CSS)')}
                      ltr
                      maxLength={200}
                      value={font.family}
                      onChange={edit(`fonts.${role}.family`)}
                      onBlur={blur}
                      error={errorFor(`fonts.${role}.family`)}
                      {...(font.files.length > 0
                        ? {
                            hint: t('Font files kept as they are: @count', {
                              count: font.files.length,
                            }),
                          }
                        : {})}
                    />
                    {role === 'icons' ? (
                      <>
                        <TextField
                          path="fonts.icons.grade"
                          label={t('Icon grade')}
                          type="number"
                          min={-50}
                          max={200}
                          value={font.grade}
                          onChange={edit('fonts.icons.grade')}
                          onBlur={blur}
                          error={errorFor('fonts.icons.grade')}
                          required
                        />
                        <TextField
                          path="fonts.icons.weight"
                          label={t('Icon weight')}
                          type="number"
                          min={100}
                          max={700}
                          value={font.weight}
                          onChange={edit('fonts.icons.weight')}
                          onBlur={blur}
                          error={errorFor('fonts.icons.weight')}
                          required
                        />
                        <CheckboxField
                          path="fonts.icons.filled"
                          label={t('Filled icons')}
                          checked={font.filled}
                          onChange={edit('fonts.icons.filled')}
                        />
                      </>
                    ) : null}
                  </div>
                </fieldset>
              );
            })}
          </fieldset>

          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('Roundness (pixels)')}</legend>
            <div className={styles.grid}>
              {ROUNDNESS_FIELDS.map(({ key, label, min, max }) => (
                <TextField
                  key={key}
                  path={`roundness.${key}`}
                  label={t(label)}
                  type="number"
                  min={min}
                  max={max}
                  unit="px"
                  value={current.roundness[key] ?? ''}
                  onChange={edit(`roundness.${key}`)}
                  onBlur={blur}
                  error={errorFor(`roundness.${key}`)}
                  required={isRequired('roundness', key, stored)}
                />
              ))}
            </div>
          </fieldset>

          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('Favicon and site background')}</legend>
            <div className={styles.grid}>
              <TextField
                path="favicon"
                label={t('Favicon address (URL)')}
                type="url"
                ltr
                maxLength={2048}
                value={current.favicon}
                onChange={edit('favicon')}
                onBlur={blur}
                error={errorFor('favicon')}
              />
              <ColorField
                path="site_background.color"
                label={t('Background colour')}
                value={current.site_background.color}
                onChange={edit('site_background.color')}
                onBlur={blur}
                error={errorFor('site_background.color')}
              />
              <TextField
                path="site_background.image"
                label={t('Background image address (URL)')}
                type="url"
                ltr
                maxLength={2048}
                value={current.site_background.image}
                onChange={edit('site_background.image')}
                onBlur={blur}
                error={errorFor('site_background.image')}
              />
            </div>
          </fieldset>
          <section className={`${styles.group} ${styles.defaults}`} aria-labelledby={defaultsId}>
            <h2 id={defaultsId} className={styles.defaultsTitle}>
              {t('Defaults')}
            </h2>
            <p className={styles.groupNote}>
              {t(
                "Put back the portal's own look: its colours and roundness, with no logo, fonts, favicon or site background of the site's own.",
              )}
            </p>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => setConfirmingDefaults(true)}
              disabled={busy}
              aria-busy={restoreDefaults.isPending}
            >
              {restoreDefaults.isPending ? t('Resetting…') : t('Reset to defaults')}
            </button>
          </section>
        </form>
        <div className={styles.aside}>
          <AppearancePreview appearance={body} siteName={siteName} />
        </div>
      </div>
      <ConfirmDialog
        open={confirmingDefaults}
        title={t('Reset the appearance to the defaults?')}
        confirmLabel={t('Reset to defaults')}
        danger
        onConfirm={() => void resetToDefaults()}
        onCancel={() => setConfirmingDefaults(false)}
      >
        <p>
          {t(
            "The saved logo, colours, fonts, roundness, favicon and site background are replaced by the portal's defaults, on every page. This cannot be undone.",
          )}
        </p>
      </ConfirmDialog>
    </>
  );
}
