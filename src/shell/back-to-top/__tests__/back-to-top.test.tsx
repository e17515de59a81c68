import { act, fireEvent, screen } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { learner, renderShell } from '../../__tests__/test-utils';
import { BackToTop } from '../back-to-top';
import { BackToTopSlot } from '../back-to-top-slot';
import { SCROLL_DEBOUNCE_MS } from '../scroll-reports';
import { backToTopMachine, type ScrollEvent } from '../back-to-top.machine';

const VIEWPORT = 800;
let scrollTo: ReturnType<typeof vi.fn>;

function setPage(o: { y: number; pageHeight: number }) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: o.y });
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: o.pageHeight,
  });
}

/** The browser scrolls to `y` coming from the side that gives `direction`. */
function scrollPage(e: Omit<ScrollEvent, 'type' | 'viewportHeight'>) {
  const from =
    e.direction === 'up' ? e.y + 120 : e.direction === 'down' ? Math.max(0, e.y - 120) : e.y;
  setPage({ y: from, pageHeight: e.pageHeight });
  fireEvent.scroll(window);
  setPage({ y: e.y, pageHeight: e.pageHeight });
  fireEvent.scroll(window);
  act(() => {
    vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT });
  setPage({ y: 0, pageHeight: 10_000 });
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});
afterEach(() => vi.useRealTimers());

const button = () => screen.queryByRole('button', { name: 'Back to top' });

describe('BackToTopSlot', () => {
  it('holds the hidden button until the page is scrolled, then loads the machine that shows it', async () => {
    const { container } = renderShell(<BackToTopSlot raised />, { user: learner });
    const hidden = container.querySelector('button[data-island="back-to-top"]');
    expect(hidden).toHaveAttribute('hidden');
    expect(hidden).toHaveAttribute('data-raised');
    expect(button()).toBeNull();
    // The first scroll loads the machine; the scrolling after it shows the button.
    fireEvent.scroll(window);
    await act(async () => {
      await import('../back-to-top');
      await vi.advanceTimersByTimeAsync(10);
    });
    scrollPage({ y: 4000, pageHeight: 10_000, direction: 'up' });
    expect(button()).toBeInTheDocument();
    expect(button()).toHaveAttribute('data-raised');
  });
});

describe('BackToTop', () => {
  it('appears only after the scroll settles for 50 ms', () => {
    renderShell(<BackToTop />);
    setPage({ y: 5000, pageHeight: 10_000 });
    fireEvent.scroll(window);
    setPage({ y: 4900, pageHeight: 10_000 });
    fireEvent.scroll(window);
    act(() => {
      vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS - 1);
    });
    expect(button()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button()).toBeInTheDocument();
  });

  it('smooth-scrolls to the top on click', () => {
    renderShell(<BackToTop />);
    scrollPage({ y: 4000, pageHeight: 10_000, direction: 'up' });
    act(() => button()!.click());
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(button()).toBeNull();
  });

  it('is raised for signed-in users', () => {
    renderShell(<BackToTop raised />, { user: learner });
    scrollPage({ y: 4000, pageHeight: 10_000, direction: 'up' });
    expect(button()).toHaveAttribute('data-raised');
  });

  it('hides when the page shrinks', () => {
    renderShell(<BackToTop />);
    scrollPage({ y: 4000, pageHeight: 10_000, direction: 'up' });
    setPage({ y: 4000, pageHeight: 3000 });
    fireEvent(window, new Event('resize'));
    act(() => {
      vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS);
    });
    expect(button()).toBeNull();
  });
});

/** Model-based: shortest paths through the machine, replayed as real scrolling on the component. */
describe('BackToTop model', () => {
  const scrolls: ScrollEvent[] = [
    { type: 'SCROLL', y: 4000, viewportHeight: VIEWPORT, pageHeight: 10_000, direction: 'up' },
    { type: 'SCROLL', y: 4000, viewportHeight: VIEWPORT, pageHeight: 10_000, direction: 'down' },
    { type: 'SCROLL', y: 300, viewportHeight: VIEWPORT, pageHeight: 10_000, direction: 'up' },
    { type: 'SCROLL', y: 2000, viewportHeight: VIEWPORT, pageHeight: 2800, direction: 'up' },
  ];
  const model = createTestModel(backToTopMachine, { events: [...scrolls, { type: 'CLICK' }] });

  for (const path of model.getShortestPaths()) {
    it(path.description, async () => {
      renderShell(<BackToTop />);
      await path.test({
        states: {
          hidden: () => {
            expect(button()).toBeNull();
          },
          visible: () => {
            expect(button()).toBeInTheDocument();
          },
        },
        events: {
          SCROLL: ({ event }) => {
            const e = event as ScrollEvent;
            scrollPage({ y: e.y, pageHeight: e.pageHeight, direction: e.direction });
          },
          CLICK: () => {
            act(() => button()!.click());
            expect(scrollTo).toHaveBeenCalled();
          },
        },
      });
    });
  }
});
