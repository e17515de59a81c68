import type { CurrentUser } from '@schemas/entities/user.schema';
import type { UserMenuEntry } from '@engine/core';
import { useT } from '@engine/react';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../avatar/avatar';
import { Icon, isIconName } from '../icons/icons';
import styles from './header.module.css';

export interface UserMenuListProps {
  id: string;
  user: CurrentUser;
  /** The user's name, if any: the menu's heading and label. */
  name: string;
  /** The items routes.config.json declares (`userMenu` of a route) that the user may open. */
  entries: readonly UserMenuEntry[];
  /** The item focused when the menu opens. */
  focus: 'first' | 'last';
  /** The button that opened the menu: a click on it is not a click outside. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** Closes the menu, focusing its button again when `returnFocus`. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The open user menu (see `UserMenu`): the pages routes.config.json puts in it that the user may
 * open, focused and moved through with the arrows, Home and End; Escape, Tab, a click outside or
 * following an item closes it. Its own module, loaded when the menu is first opened (or about to
 * be).
 */
export function UserMenuList({
  id,
  user,
  name,
  entries,
  focus,
  buttonRef,
  onClose,
}: UserMenuListProps) {
  const i18n = useT();
  const menuRef = useRef<HTMLUListElement>(null);

  // `:uid` is the user's own.
  const items = entries.map((entry) => ({
    label: i18n.t(entry.label),
    to: entry.path.replace(/:uid(?=\/|$)/, String(user.uid)),
    icon: isIconName(entry.icon) ? entry.icon : 'circle',
  }));

  const menuItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  useEffect(() => {
    const list = menuItems();
    (focus === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target))
        latestClose.current(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [focus, buttonRef]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        onClose(true);
        break;
      case 'Tab':
        onClose(false);
        break;
      default:
        break;
    }
  };

  return (
    <ul
      ref={menuRef}
      id={id}
      role="menu"
      aria-label={name || i18n.t('User menu')}
      className={styles.menu}
      onKeyDown={onMenuKeyDown}
    >
      {name && (
        <li role="presentation" className={styles.menuHeader}>
          <Avatar name={name} src={user.avatar} size={40} />
          <span className={styles.menuName}>{name}</span>
        </li>
      )}
      {items.map((item) => (
        <li key={item.to} role="presentation">
          <Link
            role="menuitem"
            tabIndex={-1}
            to={item.to}
            className={styles.menuItem}
            onClick={() => onClose(false)}
          >
            <Icon name={item.icon} size={20} />
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
