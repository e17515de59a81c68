import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestModel } from '@xstate/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { learner, renderShell } from '../../__tests__/test-utils';
import { SearchField } from '../search-field';
import { searchFieldMachine } from '../search-field.machine';

afterEach(() => vi.restoreAllMocks());

function setup() {
  const navigate = vi.fn();
  const user = userEvent.setup();
  const utils = renderShell(
    <div>
      <SearchField navigate={navigate} />
      <button type="button">Elsewhere</button>
    </div>,
    { user: learner, path: '/storefront?page=2' },
  );
  const toggle = () => screen.getByRole('button', { name: /search/i });
  return { ...utils, navigate, user, toggle };
}

describe('SearchField', () => {
  it('starts collapsed with only the button', () => {
    const { toggle } = setup();
    expect(toggle()).toHaveAccessibleName('Open search');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('expands and focuses the input named s', async () => {
    const { user, toggle } = setup();
    await user.click(toggle());
    const input = screen.getByRole('searchbox', { name: 'Search' });
    expect(input).toHaveAttribute('name', 's');
    await waitFor(() => expect(input).toHaveFocus());
    expect(toggle()).toHaveAccessibleName('Close search');
  });

  it('submits on Enter with a full load to the results, coming back here', async () => {
    const { user, toggle, navigate } = setup();
    await user.click(toggle());
    await user.type(screen.getByRole('searchbox'), 'algebra{Enter}');
    expect(navigate).toHaveBeenCalledWith('/search?s=algebra&search_back_url=%2F');
    expect(screen.getByRole('searchbox')).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Searching' })).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { user, toggle } = setup();
    await user.click(toggle());
    await waitFor(() => expect(screen.getByRole('searchbox')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
  });
});

/**
 * Model-based: every shortest path through the machine is replayed on the rendered field,
 * and each state's expectations are checked against the DOM.
 */
describe('SearchField model', () => {
  const model = createTestModel(searchFieldMachine, {
    events: [
      { type: 'CHANGE', value: 'photosynthesis' },
      { type: 'CHANGE', value: '' },
    ],
  });

  for (const path of model.getShortestPaths()) {
    it(path.description, async () => {
      const { user, toggle, navigate } = setup();
      const input = () => screen.getByRole('searchbox');
      await path.test({
        states: {
          collapsed: () => {
            expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
            expect(toggle()).toHaveAttribute('aria-expanded', 'false');
          },
          expanded: (state) => {
            expect(input()).toBeEnabled();
            expect(input()).toHaveValue(state.context.text);
            expect(toggle()).toHaveAttribute('aria-expanded', 'true');
          },
          submitting: (state) => {
            expect(input()).toBeDisabled();
            expect(screen.getByRole('status', { name: 'Searching' })).toBeInTheDocument();
            expect(navigate).toHaveBeenCalledWith(
              `/search?s=${encodeURIComponent(state.context.text)}&search_back_url=%2F`,
            );
          },
        },
        events: {
          TOGGLE: async () => {
            await user.click(toggle());
          },
          CHANGE: async ({ event }) => {
            const { value } = event as { type: 'CHANGE'; value: string };
            await user.clear(input());
            if (value) await user.type(input(), value);
          },
          SUBMIT: async () => {
            input().focus();
            await user.keyboard('{Enter}');
          },
          ESCAPE: async () => {
            input().focus();
            await user.keyboard('{Escape}');
          },
          CLICK_OUTSIDE: async () => {
            await user.click(document.body);
          },
          BLUR: async () => {
            input().focus();
            // Tabbing out: focus lands on the next control outside the field.
            act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
          },
        },
      });
    });
  }
});
