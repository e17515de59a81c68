import { Link } from 'react-router';
import styles from './sections.module.css';

/** A section's button: an in-app link for site paths, a plain link otherwise. */
export function ButtonLink({
  button,
  variant = 'primary',
}: {
  button: { label: string; url: string } | undefined;
  variant?: 'primary' | 'secondary';
}) {
  if (!button?.label || !button.url) return null;
  const className = variant === 'primary' ? styles.button : styles.buttonSecondary;
  const internal = button.url.startsWith('/') && !button.url.startsWith('//');
  return internal ? (
    <Link className={className} to={button.url}>
      {button.label}
    </Link>
  ) : (
    <a className={className} href={button.url}>
      {button.label}
    </a>
  );
}
