import { useT } from '@engine/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import '../styles/global.css';
import styles from './crash-screen.module.css';

type Translate = (source: string) => string;
const english: Translate = (source) => source;

export interface CrashScreenProps {
  /** Translation function; English when the crash happened outside the language provider. */
  t?: Translate;
  /** Reloads the page; `location.reload()` by default. */
  onRefresh?: () => void;
}

/** Top-level crash screen with a Refresh button. Needs no provider. */
export function CrashScreen({ t = english, onRefresh }: CrashScreenProps) {
  return (
    <main className={styles.screen} id="main-content" tabIndex={-1}>
      <div className={styles.card} role="alert">
        <h1 className={styles.title}>{t('Oops, something went wrong :(')}</h1>
        <button
          type="button"
          className={styles.refresh}
          onClick={() => (onRefresh ? onRefresh() : window.location.reload())}
        >
          {t('Refresh')}
        </button>
      </div>
    </main>
  );
}

/** The crash screen in the current language, for use inside the providers (e.g. as a route error element). */
export function TranslatedCrashScreen({ onRefresh }: Pick<CrashScreenProps, 'onRefresh'>) {
  const i18n = useT();
  return <CrashScreen t={(source) => i18n.t(source)} onRefresh={onRefresh} />;
}

interface BoundaryProps {
  children?: ReactNode;
  fallback: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface AppErrorBoundaryProps {
  children?: ReactNode;
  onRefresh?: () => void;
}

/**
 * Catches render errors of the whole app and shows the crash screen, translated when a
 * language provider is above it and in English otherwise.
 */
export function AppErrorBoundary({ children, onRefresh }: AppErrorBoundaryProps) {
  return (
    <Boundary
      onError={(error) => console.error('The application crashed', error)}
      fallback={
        <Boundary fallback={<CrashScreen onRefresh={onRefresh} />}>
          <TranslatedCrashScreen onRefresh={onRefresh} />
        </Boundary>
      }
    >
      {children}
    </Boundary>
  );
}
