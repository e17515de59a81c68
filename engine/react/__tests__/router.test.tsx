import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Outlet, useLocation, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BlockingBrowserRouter,
  createBlockingHistory,
  RouteErrorBoundary,
  RouteTree,
  type BlockingHistory,
} from '../router';
import { useNavigationBlocker } from '../navigation-blocker';

/** A form page with unsaved changes that asks before the visitor leaves it. */
function FormPage() {
  const [dirty, setDirty] = useState(false);
  const here = useLocation().pathname;
  const block = useNavigationBlocker(({ nextLocation }) => dirty && nextLocation.pathname !== here);
  return (
    <>
      <h1>Form</h1>
      <button type="button" onClick={() => setDirty(true)}>
        Change
      </button>
      <Link to="/list">To the list</Link>
      <Link to="/form?tab=2">Second tab</Link>
      {block.state === 'blocked' && (
        <div role="dialog" aria-label="Leave?">
          <button type="button" onClick={block.proceed}>
            Leave
          </button>
          <button type="button" onClick={block.reset}>
            Stay
          </button>
        </div>
      )}
    </>
  );
}

function Broken(): never {
  throw new Error('The page failed');
}

const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary fallback={<p role="alert">Something went wrong</p>}>
        <Outlet />
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: '/list',
        element: (
          <>
            <h1>List</h1>
            <Link to="/form">To the form</Link>
            <Link to="/broken">Broken page</Link>
          </>
        ),
      },
      { path: '/form', element: <FormPage /> },
      { path: '/broken', element: <Broken /> },
    ],
  },
];

let browser: BlockingHistory;

function renderPortal() {
  render(
    <BlockingBrowserRouter history={browser}>
      <RouteTree routes={routes} />
    </BlockingBrowserRouter>,
  );
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('the portal router (component mode) with a blocking history', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/list');
    browser = createBlockingHistory();
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('asks before a link leaves a page with changes, and goes or stays as answered', async () => {
    renderPortal();
    await userEvent.click(screen.getByRole('link', { name: 'To the form' }));
    expect(heading()).toBe('Form');

    // No changes: the page changes its address without asking.
    await userEvent.click(screen.getByRole('link', { name: 'Second tab' }));
    expect(window.location.search).toBe('?tab=2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.click(screen.getByRole('link', { name: 'Second tab' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'To the list' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(heading()).toBe('Form');
    expect(window.location.pathname).toBe('/form');

    await userEvent.click(screen.getByRole('link', { name: 'To the list' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(heading()).toBe('List');
    expect(window.location.pathname).toBe('/list');
  });

  it('holds the back button on a page with changes until the visitor leaves', async () => {
    renderPortal();
    await userEvent.click(screen.getByRole('link', { name: 'To the form' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));

    act(() => window.history.back());
    expect(await screen.findByRole('dialog', { name: 'Leave?' })).toBeInTheDocument();
    // The browser was taken back to the form's address, and the form stays.
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    expect(heading()).toBe('Form');

    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(heading()).toBe('List'));
    expect(window.location.pathname).toBe('/list');
  });

  it('navigates from outside React through the history', async () => {
    renderPortal();
    act(() => browser.history.push('/form'));
    expect(await screen.findByRole('heading', { name: 'Form' })).toBeInTheDocument();
  });

  it('shows the error element for a page that fails, until the address changes', async () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      renderPortal();
      await userEvent.click(screen.getByRole('link', { name: 'Broken page' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
      act(() => browser.history.push('/list'));
      expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      console.error = quiet;
    }
  });
});
