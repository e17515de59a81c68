import { createContext, useContext, type ReactNode } from 'react';
import type { AccessFlags } from '@schemas/entities/access-flags.schema';
import type { CurrentUser } from '@schemas/entities/user.schema';

/**
 * What guards and the shell know about the visitor: who is signed in (`null` for a visitor) and
 * the access flags the server gave this visitor or user, which route guards check.
 *
 * @example
 * const value: SessionValue = { status: 'ready', user: null, flags: { site_manage: false } };
 */
export interface SessionValue {
  status: 'loading' | 'error' | 'ready';
  /** `null` for a visitor. */
  user: CurrentUser | null;
  flags: Partial<AccessFlags>;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * Provides the session (current user, access flags) the app assembled from its queries.
 *
 * @example
 * <SessionProvider value={{ status: 'ready', user, flags }}>{children}</SessionProvider>
 */
export function SessionProvider(p: { value: SessionValue; children?: ReactNode }) {
  return <SessionContext.Provider value={p.value}>{p.children}</SessionContext.Provider>;
}

/**
 * The current session; throws outside a {@link SessionProvider} so a missing provider is found at once.
 *
 * @example
 * const { user } = useSession();
 */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() needs a <SessionProvider> above it.');
  return value;
}

/**
 * A session counts as signed in with a user whose uid is not 0.
 *
 * @example
 * if (isSignedIn(useSession())) return <Navigate replace to="/dashboard" />;
 */
export function isSignedIn(session: SessionValue): boolean {
  return session.user !== null && session.user.uid !== 0;
}
