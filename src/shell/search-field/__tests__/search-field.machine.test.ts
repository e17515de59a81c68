import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { searchFieldMachine, searchUrl } from '../search-field.machine';

function start() {
  const focusInput = vi.fn();
  const navigate = vi.fn();
  const actor = createActor(
    searchFieldMachine.provide({
      actions: {
        focusInput,
        navigate: (_, params) => {
          navigate(params.text);
        },
      },
    }),
  ).start();
  return { actor, focusInput, navigate };
}

describe('searchFieldMachine', () => {
  it('starts collapsed with no text', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('collapsed');
    expect(actor.getSnapshot().context.text).toBe('');
  });

  it('expands on TOGGLE and focuses the input', () => {
    const { actor, focusInput } = start();
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().value).toBe('expanded');
    expect(focusInput).toHaveBeenCalledTimes(1);
  });

  it('collapses on TOGGLE when empty, submits on TOGGLE with text', () => {
    const { actor, navigate } = start();
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().value).toBe('collapsed');
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'CHANGE', value: 'algebra' });
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(navigate).toHaveBeenCalledWith('algebra');
  });

  it('SUBMIT with blank text only collapses', () => {
    const { actor, navigate } = start();
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'CHANGE', value: '   ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('collapsed');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('SUBMIT with text navigates with the trimmed text', () => {
    const { actor, navigate } = start();
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'CHANGE', value: ' biology ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(navigate).toHaveBeenCalledWith('biology');
  });

  it.each(['ESCAPE', 'CLICK_OUTSIDE', 'BLUR'] as const)(
    '%s collapses and keeps the text',
    (type) => {
      const { actor } = start();
      actor.send({ type: 'TOGGLE' });
      actor.send({ type: 'CHANGE', value: 'x' });
      actor.send({ type });
      expect(actor.getSnapshot().value).toBe('collapsed');
      expect(actor.getSnapshot().context.text).toBe('x');
    },
  );

  it('ignores everything while submitting', () => {
    const { actor } = start();
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'CHANGE', value: 'x' });
    actor.send({ type: 'SUBMIT' });
    for (const type of ['ESCAPE', 'CLICK_OUTSIDE', 'BLUR', 'TOGGLE', 'SUBMIT'] as const)
      actor.send({ type });
    expect(actor.getSnapshot().value).toBe('submitting');
  });

  it('ignores CHANGE while collapsed', () => {
    const { actor } = start();
    actor.send({ type: 'CHANGE', value: 'x' });
    expect(actor.getSnapshot().context.text).toBe('');
  });

  it('builds the search address with the back url', () => {
    expect(searchUrl('a b&c', '/storefront?x=1')).toBe(
      '/search?s=a+b%26c&search_back_url=%2Fstorefront%3Fx%3D1',
    );
  });

  it('navigate does a full page load by default', () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, pathname: '/dashboard', search: '', hash: '', assign },
    });
    try {
      const actor = createActor(searchFieldMachine).start();
      actor.send({ type: 'TOGGLE' });
      actor.send({ type: 'CHANGE', value: 'maths' });
      actor.send({ type: 'SUBMIT' });
      expect(assign).toHaveBeenCalledWith('/search?s=maths&search_back_url=%2Fdashboard');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
