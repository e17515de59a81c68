import { createActor } from 'xstate';
import { backToTopMachine } from './back-to-top.machine';
import { reportScrolling } from './scroll-reports';

/**
 * Runs the back-to-top button that the server rendered (hidden) into a page sent without the
 * portal's code (`src/app/document-page.ts`): the button's own machine, fed the same scroll
 * reports as the component's.
 */
export function runBackToTop(root: ParentNode): void {
  const button = root.querySelector<HTMLButtonElement>('button[data-island="back-to-top"]');
  if (!button) return;
  const actor = createActor(backToTopMachine);
  actor.subscribe((snapshot) => {
    button.hidden = !snapshot.matches('visible');
  });
  button.addEventListener('click', () => actor.send({ type: 'CLICK' }));
  actor.start();
  reportScrolling((event) => actor.send(event));
}
