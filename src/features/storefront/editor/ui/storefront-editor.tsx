import { useT } from '@engine/react';
import type { Language } from '@schemas/entities/language.schema';
import type { StorefrontLayout } from '@schemas/entities/storefront.schema';
import { sectionTypes } from '@schemas/storefront/section-types';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { Link } from 'react-router';
import { assign, fromPromise } from 'xstate';
import { saveStorefront } from '@/lib/queries/save-storefront';
import { ConfirmDialog } from '@/shell/confirm-dialog/confirm-dialog';
import { LeaveGuard } from '@/shell/confirm-dialog/leave-guard';
import { Icon } from '@/shell/icons/icons';
import { useNotify } from '@/shell/notifications/notifications-provider';
import type { EditorSection, SectionData, SectionId, SectionState } from '../editor-config';
import { pasteProblem } from '../paste-check';
import { allSectionTypes, sectionDisplayName, sectionTypeOf } from '../section-types';
import { editorMessages, saveDisabledReason } from '../selectors';
import { storefrontEditorMachine } from '../storefront-editor.machine';
import { AudiencePreview } from './audience-preview';
import { SectionList } from './section-list';
import type { SectionCommand } from './section-card';
import { TargetAudienceDialog } from './target-audience-dialog';
import styles from './storefront-editor.module.css';

export type StorefrontAudience = StorefrontLayout['audience'];

export interface StorefrontEditorProps {
  audience: StorefrontAudience;
  layout: StorefrontLayout;
  languages: readonly Language[];
  onLanguageChange: (langcode: string) => void;
}

type Confirm =
  | { kind: 'remove'; section: EditorSection }
  | { kind: 'reset' }
  | { kind: 'language'; langcode: string };

/** The language whose storefront visitors see when theirs has none (the server's fallback). */
const DEFAULT_LANGUAGE = 'en';

/** One array for layouts without restrictions, so the cards' props stay equal between renders. */
const noRestrictions: NonNullable<StorefrontLayout['restrictions']> = [];

const labels = {
  registered: 'Storefront for registered users',
  unregistered: 'Storefront for unregistered users',
} as const;

function typingTarget(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The storefront editor of one audience and language (SPEC points 2 and 4): header with the
 * back arrow, label, language, undo and redo, Reset, Target audience and Save, and the sections.
 * All editing goes through the editor machine; Save sends the whole layout at once.
 */
export function StorefrontEditor({
  audience,
  layout,
  languages,
  onLanguageChange,
}: StorefrontEditorProps) {
  const { t } = useT();
  const { notify } = useNotify();
  const queryClient = useQueryClient();
  const offered = layout.restrictions ?? noRestrictions;
  const saveHintId = useId();
  const previewHintId = useId();

  // The machine's side effects read the latest translator and toaster through refs.
  const effects = useRef({ t, notify });
  useLayoutEffect(() => {
    effects.current = { t, notify };
  });

  const [logic] = useState(() => {
    const restrictionTypes = offered.map((r) => r.type);
    const problemOf = (section: EditorSection | null) =>
      section ? pasteProblem(section, sectionTypes, restrictionTypes) : null;
    return storefrontEditorMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) =>
          saveStorefront(
            queryClient,
            { id: input.id, audience, language: input.language },
            input.patch,
          ),
        ),
      },
      actions: {
        notify: (_, params) => {
          // After the machine's step: the toasts are another machine, not part of this one.
          queueMicrotask(() =>
            effects.current.notify(params.type, effects.current.t(params.message)),
          );
        },
        refusePaste: assign(({ context }) => ({
          pasteError: problemOf(context.config.buffer) ?? editorMessages.pasteRefused,
        })),
      },
      guards: {
        canPaste: ({ context }) =>
          context.config.buffer !== null && problemOf(context.config.buffer) === null,
      },
    });
  });
  const actor = useActorRef(logic, { input: { layout, allowedTypes: allSectionTypes } });
  const snapshot = useSelector(actor, (s) => s);
  const { config, preview, history } = snapshot.context;
  const saving = snapshot.matches('saving');
  const disabledReason = saveDisabledReason(config);

  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [audienceOpen, setAudienceOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const target = document.querySelector<HTMLElement>(focusTarget);
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget, config]);

  // Unsaved work is not lost by leaving the page without a word.
  const nameOf = (section: EditorSection) => sectionDisplayName(section, t);

  // The section list's callbacks keep their identity between renders (they read the machine's
  // current snapshot when called), so the cards of a long list skip rendering when the editor
  // renders for something that does not concern them.
  const focusSection = useCallback(
    (id: SectionId, action: string) =>
      setFocusTarget(`[data-section-id="${id}"] [data-action="${action}"]`),
    [],
  );

  const onCommand = useCallback(
    (section: EditorSection, which: SectionCommand) => {
      const count = actor.getSnapshot().context.config.sections.length;
      const move = (to: number) => {
        actor.send({ type: 'MOVE', from: section.weight, to });
        setAnnouncement(
          t('@name moved to position @position of @count.', {
            name: sectionDisplayName(section, t),
            position: to + 1,
            count,
          }),
        );
      };
      switch (which) {
        case 'up': {
          const to = section.weight - 1;
          move(to);
          focusSection(section.id, to === 0 ? 'down' : 'up');
          break;
        }
        case 'down': {
          const to = section.weight + 1;
          move(to);
          focusSection(section.id, to === count - 1 ? 'up' : 'down');
          break;
        }
        case 'copy':
          actor.send({ type: 'COPY', id: section.id });
          setAnnouncement(
            t('@name copied. Choose Paste here where the copy should go.', {
              name: sectionDisplayName(section, t),
            }),
          );
          break;
        case 'remove':
          setConfirm({ kind: 'remove', section });
          break;
      }
    },
    [actor, t, focusSection],
  );

  const onInsert = useCallback(
    (type: string, index: number) => {
      const declaration = sectionTypeOf(type);
      actor.send({
        type: 'INSERT',
        sectionType: type,
        index,
        ...(declaration && { data: structuredClone(declaration.defaults) }),
      });
    },
    [actor],
  );

  const onPaste = useCallback(
    (index: number) => {
      const pasted = actor.getSnapshot().context.config.buffer;
      actor.send({ type: 'PASTE', index });
      if (pasted && actor.getSnapshot().context.config.buffer === null)
        setAnnouncement(
          t('@name pasted at position @position.', {
            name: sectionDisplayName(pasted, t),
            position: index + 1,
          }),
        );
    },
    [actor, t],
  );

  const onMove = useCallback(
    (from: number, to: number) => actor.send({ type: 'MOVE', from, to }),
    [actor],
  );

  const onState = useCallback(
    (id: SectionId, state: SectionState) => actor.send({ type: 'SET_SECTION_STATE', id, state }),
    [actor],
  );

  const onApply = useCallback(
    (id: SectionId, data: Partial<SectionData>) => {
      actor.send({ type: 'UPDATE_SECTION', id, data });
      actor.send({ type: 'SET_SECTION_STATE', id, state: 'view' });
      focusSection(id, 'edit');
    },
    [actor, focusSection],
  );

  const onCancel = useCallback(
    (section: EditorSection) => {
      if (section.state === 'create') actor.send({ type: 'REMOVE', id: section.id });
      else {
        actor.send({ type: 'SET_SECTION_STATE', id: section.id, state: 'view' });
        focusSection(section.id, 'edit');
      }
    },
    [actor, focusSection],
  );

  const reset = () => {
    actor.send({ type: 'RESET' });
    setAnnouncement(t('The storefront is back to how it was last saved.'));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || typingTarget(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) actor.send({ type: 'UNDO' });
    else if ((key === 'z' && event.shiftKey) || key === 'y') actor.send({ type: 'REDO' });
    else return;
    event.preventDefault();
  };

  const languageName = (code: string) => languages.find((l) => l.langcode === code)?.name ?? code;

  return (
    <div className={styles.editor} onKeyDown={onKeyDown}>
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <Link
            to="/settings/storefront"
            className={styles.back}
            aria-label={t('Back to storefront settings')}
            title={t('Back to storefront settings')}
          >
            <Icon name="arrow-back" size={22} />
          </Link>
          <h1 className={styles.title}>{t(labels[audience])}</h1>
        </div>
        <div className={styles.toolbar}>
          <label className={styles.language}>
            <span>{t('Language')}</span>
            <select
              value={config.language}
              disabled={saving}
              onChange={(event) => {
                const langcode = event.target.value;
                if (config.changed) setConfirm({ kind: 'language', langcode });
                else onLanguageChange(langcode);
              }}
            >
              {languages.map((l) => (
                <option key={l.langcode} value={l.langcode}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
          <div className={styles.history}>
            <button
              type="button"
              className={styles.toolButton}
              aria-label={t('Undo')}
              title={t('Undo (Ctrl+Z)')}
              disabled={saving || history.past.length === 0}
              onClick={() => actor.send({ type: 'UNDO' })}
            >
              <Icon name="undo" size={20} />
            </button>
            <button
              type="button"
              className={styles.toolButton}
              aria-label={t('Redo')}
              title={t('Redo (Ctrl+Shift+Z)')}
              disabled={saving || history.future.length === 0}
              onClick={() => actor.send({ type: 'REDO' })}
            >
              <Icon name="redo" size={20} />
            </button>
          </div>
          <button
            type="button"
            className={styles.secondary}
            disabled={saving || (!config.changed && !preview && config.editingId === null)}
            onClick={() => (config.changed ? setConfirm({ kind: 'reset' }) : reset())}
          >
            {t('Reset')}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={saving || config.changed}
            aria-describedby={config.changed ? previewHintId : undefined}
            onClick={() => setAudienceOpen(true)}
          >
            <Icon name="eye" size={18} />
            {t('Target audience')}
          </button>
          <button
            type="button"
            className={styles.primary}
            disabled={saving || disabledReason !== null}
            aria-busy={saving}
            aria-describedby={disabledReason ? saveHintId : undefined}
            onClick={() => actor.send({ type: 'SAVE' })}
          >
            {saving ? t('Saving…') : t('Save')}
          </button>
        </div>
        <div className={styles.hints}>
          {disabledReason ? (
            <p id={saveHintId} className={styles.hint}>
              {t(disabledReason)}
            </p>
          ) : (
            <p className={styles.hintUnsaved}>{t('You have unsaved changes.')}</p>
          )}
          {config.changed ? (
            <p id={previewHintId} className={styles.hint}>
              {t('Save your changes to preview the storefront for an audience.')}
            </p>
          ) : null}
          {config.id === null && config.language !== DEFAULT_LANGUAGE ? (
            <p className={styles.hint}>
              {t(
                'Until this storefront is saved, visitors who use @language see the English one.',
                { language: languageName(config.language) },
              )}
            </p>
          ) : null}
        </div>
      </header>

      {config.buffer ? (
        <div className={styles.clipboard} role="status">
          <Icon name="copy" size={20} />
          <p>
            {t('Copied: @name. Use Paste here where it should go.', {
              name: nameOf(config.buffer),
            })}
          </p>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => actor.send({ type: 'CLEAR_BUFFER' })}
          >
            {t('Discard the copy')}
          </button>
        </div>
      ) : null}
      {snapshot.context.pasteError ? (
        <p className={styles.pasteError} role="alert">
          {t(snapshot.context.pasteError)}
        </p>
      ) : null}

      {preview ? (
        <AudiencePreview
          type={audience}
          language={config.language}
          filters={preview}
          restrictions={offered}
          onExit={() => actor.send({ type: 'CLEAR_PREVIEW' })}
        />
      ) : (
        <SectionList
          sections={config.sections}
          offered={offered}
          editingId={config.editingId}
          canPaste={config.buffer !== null}
          busy={saving}
          onInsert={onInsert}
          onPaste={onPaste}
          onMove={onMove}
          onState={onState}
          onApply={onApply}
          onCancel={onCancel}
          onCommand={onCommand}
        />
      )}

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      <TargetAudienceDialog
        open={audienceOpen}
        restrictions={offered}
        value={preview}
        onCancel={() => setAudienceOpen(false)}
        onSave={(filters) => {
          setAudienceOpen(false);
          actor.send({ type: 'PREVIEW', filters });
        }}
      />

      <ConfirmDialog
        open={confirm?.kind === 'remove'}
        title={t('Remove this section?')}
        confirmLabel={t('Remove')}
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind !== 'remove') return;
          const { section } = confirm;
          setConfirm(null);
          actor.send({ type: 'REMOVE', id: section.id });
          setAnnouncement(t('@name removed. Undo brings it back.', { name: nameOf(section) }));
        }}
      >
        {confirm?.kind === 'remove' ? (
          <p>
            {t('@name leaves the storefront when you save. Until then, Undo brings it back.', {
              name: nameOf(confirm.section),
            })}
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={confirm?.kind === 'reset' || confirm?.kind === 'language'}
        title={t('Discard your unsaved changes?')}
        confirmLabel={t('Discard changes')}
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === 'language') onLanguageChange(confirm.langcode);
          else reset();
          setConfirm(null);
        }}
      >
        <p>
          {confirm?.kind === 'language'
            ? t('Switching to @language shows its own storefront; changes here are lost.', {
                language: languageName(confirm.langcode),
              })
            : t('The storefront goes back to how it was last saved.')}
        </p>
      </ConfirmDialog>

      <LeaveGuard when={config.changed}>
        <p>{t('Your changes to this storefront have not been saved.')}</p>
      </LeaveGuard>
    </div>
  );
}
