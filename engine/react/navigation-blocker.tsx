import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext } from 'react-router';
import { BlockingContext, UNBLOCKED, type BlockerFunction, type NavigationBlock } from './router';

let blockerKeys = 0;

/**
 * Holds up leaving the page while `shouldBlock` says so: the navigation waits, and the result
 * says so (`state: 'blocked'`) with `proceed()` and `reset()` (stay). Works under
 * `BlockingBrowserRouter` (./router) and under a data router. A module apart from ./router,
 * which every first load carries: only the pages that edit something bring this.
 *
 * @example
 * const block = useNavigationBlocker(({ nextLocation }) => dirty && nextLocation.pathname !== here);
 * if (block.state === 'blocked') ask().then((yes) => (yes ? block.proceed() : block.reset()));
 */
export function useNavigationBlocker(shouldBlock: BlockerFunction): NavigationBlock {
  const blocking = useContext(BlockingContext);
  const dataRouter = useContext(UNSAFE_DataRouterContext)?.router;
  const dataState = useContext(UNSAFE_DataRouterStateContext);
  const [key] = useState(() => `navigation-blocker-${++blockerKeys}`);
  const [own, setOwn] = useState<NavigationBlock>(UNBLOCKED);
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => {
    const test: BlockerFunction = (args) => latest.current(args);
    if (blocking) return blocking.block(test, setOwn);
    if (!dataRouter) return undefined;
    dataRouter.getBlocker(key, test);
    return () => dataRouter.deleteBlocker(key);
  }, [blocking, dataRouter, key]);
  if (blocking) return own;
  const fromData = dataState?.blockers.get(key);
  return fromData?.state === 'blocked'
    ? { state: 'blocked', proceed: fromData.proceed, reset: fromData.reset }
    : UNBLOCKED;
}
