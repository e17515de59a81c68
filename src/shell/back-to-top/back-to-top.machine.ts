import { setup } from 'xstate';

export type ScrollDirection = 'up' | 'down' | 'none';

export interface ScrollEvent {
  type: 'SCROLL';
  /** Vertical scroll offset in px. */
  y: number;
  viewportHeight: number;
  pageHeight: number;
  direction: ScrollDirection;
}

export type BackToTopEvent = ScrollEvent | { type: 'CLICK' };

/** The button appears beyond this many viewport heights (SPEC point 9). */
export const BACK_TO_TOP_VIEWPORTS = 3;

const threshold = (e: ScrollEvent) => BACK_TO_TOP_VIEWPORTS * e.viewportHeight;
const pageIsTallEnough = (e: ScrollEvent) => e.pageHeight > threshold(e) + e.viewportHeight;

/**
 * Back-to-top button: shown once the reader is more than three viewport heights down and
 * scrolling up; hidden near the top, when scrolling down, or when the page becomes too short.
 */
export const backToTopMachine = setup({
  types: {
    events: {} as BackToTopEvent,
  },
  actions: {
    scrollToTop: () => {
      // The button hides as the page moves: let go of its focus first, as its hiding would do in
      // the middle of the scroll, which stops a smooth scroll where it began.
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    },
  },
  guards: {
    shouldShow: ({ event }) =>
      event.type === 'SCROLL' &&
      event.direction === 'up' &&
      event.y > threshold(event) &&
      pageIsTallEnough(event),
    shouldHide: ({ event }) =>
      event.type === 'SCROLL' &&
      (event.direction === 'down' || event.y <= threshold(event) || !pageIsTallEnough(event)),
  },
}).createMachine({
  id: 'backToTop',
  initial: 'hidden',
  states: {
    hidden: {
      on: { SCROLL: { guard: 'shouldShow', target: 'visible' } },
    },
    visible: {
      on: {
        SCROLL: { guard: 'shouldHide', target: 'hidden' },
        CLICK: { target: 'hidden', actions: 'scrollToTop' },
      },
    },
  },
});
