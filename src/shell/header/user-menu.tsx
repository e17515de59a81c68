import type { RoutesConfig } from '@schemas/config/routes-config.schema';
import type { CurrentUser } from '@schemas/entities/user.schema';
import { accessRedirect, userMenuEntries } from '@engine/core';
import { useSession, useT } from '@engine/react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../avatar/avatar';
import { Icon } from '../icons/icons';
import styles from './header.module.css';
import type { UserMenuList } from './user-menu-list';
import routesConfig from '../../../routes.config.json';

/** The menu's items as routes.config.json declares them (`userMenu` of a route). */
const declared = userMenuEntries(routesConfig as RoutesConfig);

export interface UserMenuProps {
  user: CurrentUser;
}

export const displayName = (user: CurrentUser) =>
  user.full_name?.trim() ||
  [user.first_name, user.last_name].filter(Boolean).join(' ').trim() ||
  user.name?.trim() ||
  '';

let LoadedList: typeof UserMenuList | undefined;
const loadList = () =>
  import('./user-menu-list').then((module) => (LoadedList = module.UserMenuList));

/**
 * Avatar button opening the profile menu (menu-button pattern: arrows, Home/End, Escape, Tab).
 * The open menu's code loads when the pointer or focus comes to the button, so no first load
 * carries it and it is there by the time the menu opens.
 */
export function UserMenu({ user }: UserMenuProps) {
  const i18n = useT();
  /** Open, and which item takes the focus; the menu shows once its code is there. */
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const [, setLoaded] = useState(LoadedList !== undefined);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = displayName(user);
  const { flags } = useSession();

  const openWith = (focus: 'first' | 'last') => {
    setOpen(focus);
    // Offline, the menu stays closed; the next try loads it again.
    if (!LoadedList)
      loadList().then(
        () => setLoaded(true),
        () => setOpen(null),
      );
  };

  const close = (returnFocus: boolean) => {
    setOpen(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    }
  };

  const prefetch = () => {
    if (!LoadedList) loadList().catch(() => undefined);
  };
  const List = open ? LoadedList : undefined;

  return (
    <div className={styles.userMenu}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.avatarButton}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={List ? menuId : undefined}
        aria-label={i18n.t('User menu')}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <Avatar name={name} src={user.avatar} size={40} />
        <Icon name="chevron-down" size={16} className={styles.chevron} />
      </button>
      {List && open && (
        <List
          id={menuId}
          user={user}
          name={name}
          entries={declared.filter((entry) => accessRedirect(entry.access, flags) === undefined)}
          focus={open}
          buttonRef={buttonRef}
          onClose={close}
        />
      )}
    </div>
  );
}
