import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from '../safe-redirect';

describe('safeRedirectTarget', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeRedirectTarget('/incentives?page=2')).toBe('/incentives?page=2');
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil',
    'dashboard',
    '/user/login?x=1',
  ])('falls back to /dashboard for %s', (value) => {
    expect(safeRedirectTarget(value)).toBe('/dashboard');
  });
});
