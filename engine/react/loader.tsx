import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** The full-screen loader's state and controls. @example const { show, hide } = useLoader(); */
export interface LoaderControls {
  visible: boolean;
  /** Asks for the loader; each show needs one hide. */
  show: () => void;
  /** Withdraws one request for the loader, after `delayMs` when given. */
  hide: (delayMs?: number) => void;
}

const noop: LoaderControls = { visible: false, show: () => undefined, hide: () => undefined };
const LoaderContext = createContext<LoaderControls>(noop);

/**
 * Holds the full-screen loader state. Requests are counted so that several parts of the app can
 * ask for the loader at once; it stays until the last one hides it.
 *
 * @example
 * <LoaderProvider initiallyVisible><App /></LoaderProvider>
 */
export function LoaderProvider(p: { children?: ReactNode; initiallyVisible?: boolean }) {
  const [count, setCount] = useState(p.initiallyVisible ? 1 : 0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const show = useCallback(() => setCount((c) => c + 1), []);
  const hide = useCallback((delayMs?: number) => {
    const release = () => setCount((c) => Math.max(0, c - 1));
    if (!delayMs) {
      release();
      return;
    }
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      release();
    }, delayMs);
    timers.current.add(timer);
  }, []);

  const value = useMemo(() => ({ visible: count > 0, show, hide }), [count, show, hide]);
  return <LoaderContext.Provider value={value}>{p.children}</LoaderContext.Provider>;
}

/**
 * The full-screen loader controls (a no-op outside a {@link LoaderProvider}).
 *
 * @example
 * const { visible } = useLoader();
 * return visible ? <div role="status" aria-label="Loading" /> : null;
 */
export function useLoader(): LoaderControls {
  return useContext(LoaderContext);
}

/**
 * Shows the loader while `active` (and while mounted), hiding it `hideDelayMs` after.
 *
 * @example
 * useLoaderWhile(session.status === 'loading', 500);
 */
export function useLoaderWhile(active: boolean, hideDelayMs?: number): void {
  const { show, hide } = useLoader();
  useEffect(() => {
    if (!active) return;
    show();
    return () => hide(hideDelayMs);
  }, [active, show, hide, hideDelayMs]);
}
