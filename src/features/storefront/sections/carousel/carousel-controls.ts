/** The attributes that mark a carousel's parts in the rendered page. */
export const CAROUSEL = {
  root: 'data-carousel',
  list: 'data-carousel-list',
  previous: 'carousel-previous',
  next: 'carousel-next',
} as const;

/** How far from an end, in px, still counts as at it (sub-pixel scroll positions). */
const SLACK = 2;

/**
 * Runs the previous/next buttons of a carousel: each scrolls the list by what is in view (less
 * one card's gap, so the next card's start snaps in), towards the start or the end in the
 * reading direction, and each is disabled at its end. Touch and trackpad scrolling, scroll
 * snapping and the list's own arrow keys keep working; the buttons follow the position. Used by
 * the storefront's React renderer and by the script of pages sent without the portal's code.
 * Returns what stops it.
 */
export function runCarousel(root: HTMLElement): () => void {
  const list = root.querySelector<HTMLElement>(`[${CAROUSEL.list}]`);
  const previous = root.querySelector<HTMLButtonElement>(`[data-island="${CAROUSEL.previous}"]`);
  const next = root.querySelector<HTMLButtonElement>(`[data-island="${CAROUSEL.next}"]`);
  if (!list || !previous || !next) return () => undefined;

  const rtl = () => getComputedStyle(list).direction === 'rtl';
  // In right-to-left layouts scrollLeft runs from 0 towards negative values.
  const offset = () => Math.abs(list.scrollLeft);
  const update = () => {
    const room = list.scrollWidth - list.clientWidth;
    root.toggleAttribute('data-scrollable', room > SLACK);
    previous.disabled = offset() <= SLACK;
    next.disabled = offset() >= room - SLACK;
  };
  const go = (towards: 1 | -1) => {
    const step = Math.max(list.clientWidth * 0.9, 1) * towards * (rtl() ? -1 : 1);
    const smooth = !(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
    list.scrollBy({ left: step, behavior: smooth ? 'smooth' : 'auto' });
  };
  const onPrevious = () => go(-1);
  const onNext = () => go(1);

  previous.addEventListener('click', onPrevious);
  next.addEventListener('click', onNext);
  list.addEventListener('scroll', update, { passive: true });
  const resized = new ResizeObserver(update);
  resized.observe(list);
  update();
  return () => {
    previous.removeEventListener('click', onPrevious);
    next.removeEventListener('click', onNext);
    list.removeEventListener('scroll', update);
    resized.disconnect();
  };
}

/** Runs every carousel in `root` (a page sent without the portal's code). */
export function runCarousels(root: ParentNode): void {
  for (const carousel of root.querySelectorAll<HTMLElement>(`[${CAROUSEL.root}]`))
    runCarousel(carousel);
}
