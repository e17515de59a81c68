import styles from './spinner.module.css';

/** A decorative spinning ring (slowed down when reduced motion is asked for). */
export function Spinner({ size = 48 }: { size?: number }) {
  return (
    <span
      className={styles.spinner}
      style={{ inlineSize: size, blockSize: size }}
      aria-hidden="true"
    />
  );
}
