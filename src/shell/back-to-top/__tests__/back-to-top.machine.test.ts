import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { backToTopMachine, type ScrollEvent } from '../back-to-top.machine';

const scroll = (
  y: number,
  direction: ScrollEvent['direction'],
  pageHeight = 10_000,
): ScrollEvent => ({
  type: 'SCROLL',
  y,
  viewportHeight: 800,
  pageHeight,
  direction,
});

function start() {
  const scrollToTop = vi.fn();
  const actor = createActor(backToTopMachine.provide({ actions: { scrollToTop } })).start();
  return { actor, scrollToTop };
}

describe('backToTopMachine', () => {
  it('starts hidden', () => {
    expect(start().actor.getSnapshot().value).toBe('hidden');
  });

  it('stays hidden while scrolling down, even far down', () => {
    const { actor } = start();
    actor.send(scroll(5000, 'down'));
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('stays hidden when scrolling up above three viewport heights', () => {
    const { actor } = start();
    actor.send(scroll(2400, 'up'));
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('shows when scrolling up beyond three viewport heights', () => {
    const { actor } = start();
    actor.send(scroll(2401, 'up'));
    expect(actor.getSnapshot().value).toBe('visible');
  });

  it('hides again when scrolling down, near the top, or when the page shrinks', () => {
    const { actor } = start();
    actor.send(scroll(5000, 'up'));
    actor.send(scroll(5100, 'down'));
    expect(actor.getSnapshot().value).toBe('hidden');

    actor.send(scroll(5000, 'up'));
    actor.send(scroll(100, 'up'));
    expect(actor.getSnapshot().value).toBe('hidden');

    actor.send(scroll(5000, 'up'));
    actor.send(scroll(2500, 'none', 3000));
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('stays visible while scrolling up far down', () => {
    const { actor } = start();
    actor.send(scroll(5000, 'up'));
    actor.send(scroll(4000, 'up'));
    expect(actor.getSnapshot().value).toBe('visible');
  });

  it('CLICK scrolls to the top and hides', () => {
    const { actor, scrollToTop } = start();
    actor.send({ type: 'CLICK' });
    expect(scrollToTop).not.toHaveBeenCalled();
    actor.send(scroll(5000, 'up'));
    actor.send({ type: 'CLICK' });
    expect(scrollToTop).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('hidden');
  });
});
