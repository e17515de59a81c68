import type { CurrentUser } from '@schemas/entities/user.schema';
import { useT } from '@engine/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../avatar/avatar';
import { Icon, type IconName } from '../icons/icons';
import styles from './header.module.css';

export interface UserMenuProps {
  user: CurrentUser;
}

export const displayName = (user: CurrentUser) =>
  user.full_name?.trim() ||
  [user.first_name, user.last_name].filter(Boolean).join(' ').trim() ||
  user.name?.trim() ||
  '';

/** Avatar button opening the profile menu (menu-button pattern: arrows, Home/End, Escape, Tab). */
export function UserMenu({ user }: UserMenuProps) {
  const i18n = useT();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const name = displayName(user);

  const items: { label: string; to: string; icon: IconName }[] = [
    { label: i18n.t('View profile'), to: '/user', icon: 'user' },
    { label: i18n.t('Edit profile'), to: `/user/${user.uid}/edit`, icon: 'edit' },
    { label: i18n.t('Log out'), to: '/user/logout', icon: 'logout' },
  ];

  const menuItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const which = focusOnOpen.current;
    focusOnOpen.current = null;
    const list = menuItems();
    (which === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target))
        setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const openWith = (which: 'first' | 'last') => {
    focusOnOpen.current = which;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
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
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
        break;
    }
  };

  return (
    <div className={styles.userMenu}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.avatarButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={i18n.t('User menu')}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar name={name} src={user.avatar} size={40} />
        <Icon name="chevron-down" size={16} className={styles.chevron} />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
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
                onClick={() => setOpen(false)}
              >
                <Icon name={item.icon} size={20} />
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
