import { avatarColors, initials } from '@engine/core';
import styles from './avatar.module.css';

export interface AvatarProps {
  /** The person's display name; gives the initials and the circle's colour. */
  name: string;
  /** Image address; without it the initials are drawn. */
  src?: string | null;
  /** Diameter in px (48 by default, 40 in the header). */
  size?: number;
  /** Accessible name. Leave empty when the name is already written beside the avatar. */
  label?: string;
}

/** A round avatar: the user's picture, or up to three initials on a colour from the palette. */
export function Avatar({ name, src, size = 48, label }: AvatarProps) {
  const a11y = label
    ? { role: 'img' as const, 'aria-label': label }
    : { 'aria-hidden': true as const };
  if (src) {
    return (
      <img
        className={styles.avatar}
        src={src}
        alt={label ?? ''}
        width={size}
        height={size}
        style={{ inlineSize: size, blockSize: size }}
      />
    );
  }
  const { background, text } = avatarColors(name);
  return (
    <span
      className={styles.avatar}
      {...a11y}
      style={{
        inlineSize: size,
        blockSize: size,
        fontSize: Math.round(size * 0.38),
        background,
        color: text,
      }}
    >
      {initials(name)}
    </span>
  );
}
