import type { ScrollDirection, ScrollEvent } from './back-to-top.machine';

/** Scroll handling waits this long after the last scroll event (SPEC point 9). */
export const SCROLL_DEBOUNCE_MS = 50;

/**
 * Reports the window's scrolling to `send` as the back-to-top machine's SCROLL events: the
 * offset, the viewport and page heights and the direction, {@link SCROLL_DEBOUNCE_MS} after the
 * last scroll or resize. Returns a function that stops the reports.
 */
export function reportScrolling(send: (event: ScrollEvent) => void): () => void {
  let lastY = window.scrollY;
  let direction: ScrollDirection = 'none';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const report = () =>
    send({
      type: 'SCROLL',
      y: window.scrollY,
      viewportHeight: window.innerHeight,
      pageHeight: document.documentElement.scrollHeight,
      direction,
    });
  const onScroll = () => {
    const y = window.scrollY;
    // Direction follows every scroll event; only the report to the machine is debounced.
    if (y !== lastY) direction = y < lastY ? 'up' : 'down';
    lastY = y;
    clearTimeout(timer);
    timer = setTimeout(report, SCROLL_DEBOUNCE_MS);
  };
  const onResize = () => {
    direction = 'none';
    clearTimeout(timer);
    timer = setTimeout(report, SCROLL_DEBOUNCE_MS);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', onResize);
  };
}
