import { useT } from '@engine/react';
import { Icon } from '../icons/icons';
import styles from './search-field.module.css';

/**
 * The search field as it first shows, collapsed, without its state machine: the header renders
 * it until the field is first opened, and only then loads the machine ({@link SearchField} with
 * `startExpanded`). Its markup is the collapsed {@link SearchField}'s.
 */
export function CollapsedSearchField({ onOpen }: { onOpen: () => void }) {
  const i18n = useT();
  return (
    <form role="search" className={styles.root} data-state="collapsed" action="/search">
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={false}
        aria-label={i18n.t('Open search')}
        onClick={onOpen}
      >
        <Icon name="search" size={22} />
      </button>
    </form>
  );
}
