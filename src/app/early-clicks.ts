/**
 * Keeps the last click on a button of the server-rendered page that comes before the portal has
 * taken the page over, when no code answers it yet (the portal starts in several tasks, which
 * on a busy device take a while), and gives it again once the portal has: a person who opens
 * the user menu as soon as it shows sees it open. Links need nothing: they work as plain links.
 *
 * @example
 * const early = keepEarlyClicks(document.getElementById('root')!);
 * hydrateRoot(root, portal);
 * early.replay();
 */
export function keepEarlyClicks(root: HTMLElement): { replay(): void } {
  let last: HTMLButtonElement | undefined;
  const keep = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    if (target && !target.disabled && root.contains(target)) last = target;
  };
  root.addEventListener('click', keep, true);
  return {
    replay() {
      root.removeEventListener('click', keep, true);
      const button = last;
      last = undefined;
      if (button?.isConnected) button.click();
    },
  };
}
