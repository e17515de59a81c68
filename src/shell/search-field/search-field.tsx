import { useT } from '@engine/react';
import { useMachine } from '@xstate/react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Icon } from '../icons/icons';
import { searchFieldMachine, searchUrl } from './search-field.machine';
import styles from './search-field.module.css';

export interface SearchFieldProps {
  /** Performs the full page load to the search results; `location.assign` by default. */
  navigate?: (url: string) => void;
  /** Starts expanded, with the input focused: the field was opened before its code was here. */
  startExpanded?: boolean;
}

const currentAddress = () =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** The header's collapsible site-wide search (input name `s`). */
export function SearchField({ navigate, startExpanded = false }: SearchFieldProps) {
  const i18n = useT();
  const inputId = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const [machine] = useState(() =>
    searchFieldMachine.provide({
      actions: {
        // The input renders after this transition, so focus on the next task.
        focusInput: () => void setTimeout(() => inputRef.current?.focus(), 0),
        navigate: (_, { text }) => {
          const url = searchUrl(text, currentAddress());
          if (navigateRef.current) navigateRef.current(url);
          else window.location.assign(url);
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(
    machine,
    startExpanded
      ? { snapshot: machine.resolveState({ value: 'expanded', context: { text: '' } }) }
      : undefined,
  );
  // Opened before the machine was here: the input takes the focus the TOGGLE would have given.
  useEffect(() => {
    if (startExpanded) inputRef.current?.focus();
  }, [startExpanded]);
  const expanded = !snapshot.matches('collapsed');
  const submitting = snapshot.matches('submitting');

  const listening = snapshot.matches('expanded');
  useEffect(() => {
    if (!listening) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node))
        send({ type: 'CLICK_OUTSIDE' });
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [listening, send]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && snapshot.matches('expanded')) {
      event.preventDefault();
      send({ type: 'ESCAPE' });
      toggleRef.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && rootRef.current?.contains(next)) return;
    // Focus moved to nothing (a click on the page): CLICK_OUTSIDE covers that case.
    if (next) send({ type: 'BLUR' });
  };

  const hasText = snapshot.context.text.trim() !== '';
  const buttonLabel =
    expanded && hasText
      ? i18n.t('Submit search')
      : expanded
        ? i18n.t('Close search')
        : i18n.t('Open search');

  return (
    <form
      ref={rootRef}
      role="search"
      className={styles.root}
      data-state={expanded ? 'expanded' : 'collapsed'}
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      action="/search"
      aria-busy={submitting || undefined}
    >
      {expanded && (
        <>
          <label htmlFor={inputId} className="visually-hidden">
            {i18n.t('Search')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className={styles.input}
            type="search"
            name="s"
            autoComplete="off"
            placeholder={i18n.t('Search')}
            value={snapshot.context.text}
            disabled={submitting}
            onChange={(event) => send({ type: 'CHANGE', value: event.target.value })}
          />
        </>
      )}
      {submitting ? (
        <span className={styles.loader} role="status" aria-label={i18n.t('Searching')}>
          <span className={styles.spinner} aria-hidden="true" />
        </span>
      ) : (
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-label={buttonLabel}
          onClick={() => send({ type: 'TOGGLE' })}
        >
          <Icon name="search" size={22} />
        </button>
      )}
    </form>
  );
}
