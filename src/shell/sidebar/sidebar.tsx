import { useT } from '@engine/react';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { useNavigation } from '@/lib/queries/navigation';
import { Icon, isIconName } from '../icons/icons';
import styles from './sidebar.module.css';

export interface SidebarProps {
  /** id of the drawer, referenced by the header's menu button. */
  id?: string;
  /** Drawer state on small screens; on wide screens the sidebar is always shown. */
  open?: boolean;
  /** Closes the drawer (Escape, backdrop, following a link). */
  onClose?: () => void;
}

/** The signed-in user's navigation, from `GET navigation`. A drawer under 900 px. */
export default function Sidebar({ id, open = false, onClose }: SidebarProps) {
  const i18n = useT();
  const { data: items = [], isPending } = useNavigation(true);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    navRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose?.();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <>
      <div
        className={styles.backdrop}
        data-open={open || undefined}
        onClick={onClose}
        aria-hidden="true"
      />
      <nav
        ref={navRef}
        id={id}
        className={styles.sidebar}
        data-open={open || undefined}
        aria-label={i18n.t('Main navigation')}
        aria-busy={isPending || undefined}
      >
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id}>
              <NavLink
                to={item.url}
                end={item.url === '/'}
                className={styles.link}
                onClick={onClose}
              >
                <Icon name={isIconName(item.icon) ? item.icon : 'circle'} size={22} />
                <span>{i18n.t(item.title)}</span>
              </NavLink>
              {item.children && item.children.length > 0 && (
                <ul className={styles.children}>
                  {item.children.map((child) => (
                    <li key={child.id}>
                      <NavLink to={child.url} className={styles.childLink} onClick={onClose}>
                        {i18n.t(child.title)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
