/**
 * The path to go to after login: a same-site path from redirectTo, else /dashboard. Anything that
 * could leave the site (`//host`, `https://…`, backslashes) falls back to /dashboard.
 */
export function safeRedirectTarget(redirectTo: string | null): string {
  if (!redirectTo || !redirectTo.startsWith('/') || redirectTo.startsWith('//'))
    return '/dashboard';
  if (redirectTo.includes('\\') || [...redirectTo].some((c) => c.charCodeAt(0) < 0x20)) {
    return '/dashboard';
  }
  if (redirectTo.startsWith('/user/login') || redirectTo.startsWith('/user/logout'))
    return '/dashboard';
  return redirectTo;
}
