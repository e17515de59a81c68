import { useT } from '@engine/react';
import styles from './progress-bar.module.css';

/** A labelled progress bar (0-100) that assistive technology reads as a progressbar. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const { t } = useT();
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={styles.wrap}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('@percent% complete', { percent })}
      >
        <div className={styles.fill} style={{ inlineSize: `${percent}%` }} />
      </div>
      <span className={styles.text} aria-hidden="true">
        {t('@percent% complete', { percent })}
      </span>
    </div>
  );
}
