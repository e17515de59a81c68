import { appearanceToCssVars } from '@engine/core';
import { useT } from '@engine/react';
import type { Appearance } from '@schemas/entities/appearance.schema';
import type { CSSProperties } from 'react';
import styles from './appearance-preview.module.css';

export interface AppearancePreviewProps {
  /** The theme as it would be saved. */
  appearance: Appearance;
  /** Shown in the mock header when there is no logo. */
  siteName: string;
}

/**
 * A small mock of the portal (header, menu, a card with text, a link and buttons) drawn with the
 * chosen colours, fonts and roundness. The theme's variables are set on the mock only, so the
 * rest of the page keeps the saved theme until the change is saved.
 */
export function AppearancePreview({ appearance, siteName }: AppearancePreviewProps) {
  const { t } = useT();
  const vars = appearanceToCssVars(appearance) as CSSProperties;
  const logo = appearance.logo?.url;
  return (
    <section className={styles.preview} aria-labelledby="appearance-preview-title">
      <h2 id="appearance-preview-title" className={styles.title}>
        {t('Preview')}
      </h2>
      <p className={styles.note}>
        {t('How the chosen colours, fonts and roundness look together. It changes as you edit.')}
      </p>
      {/* A picture of the theme, not part of the page: nothing in it can be reached or read out. */}
      <div className={styles.frame} style={vars} inert data-testid="appearance-preview">
        <div className={styles.header}>
          {logo ? (
            <img className={styles.logo} src={logo} alt="" />
          ) : (
            <span className={styles.siteName}>{siteName}</span>
          )}
          <span className={styles.avatar}>AB</span>
        </div>
        <div className={styles.body}>
          <div className={styles.menu}>
            <span className={`${styles.menuItem} ${styles.active}`}>{t('My overview')}</span>
            <span className={styles.menuItem}>{t('Trainings')}</span>
            <span className={styles.menuItem}>{t('Reward shop')}</span>
          </div>
          <div className={styles.content}>
            <div className={styles.card}>
              <p className={styles.heading}>{t('A sample heading')}</p>
              <p className={styles.text}>
                {t('Body text in the chosen font.')}{' '}
                <span className={styles.link}>{t('A sample link')}</span>
              </p>
              <div className={styles.buttons}>
                <span className={styles.primary}>{t('Primary button')}</span>
                <span className={styles.secondary}>{t('Secondary button')}</span>
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
