import { assign, setup } from 'xstate';

export type SearchFieldEvent =
  | { type: 'TOGGLE' }
  | { type: 'CHANGE'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'ESCAPE' }
  | { type: 'CLICK_OUTSIDE' }
  | { type: 'BLUR' };

export interface SearchFieldContext {
  text: string;
}

/** Address of the site-wide search results for `text`, coming back to `backUrl`. */
export function searchUrl(text: string, backUrl: string): string {
  const query = new URLSearchParams({ s: text.trim(), search_back_url: backUrl });
  return `/search?${query.toString()}`;
}

/**
 * The header's search field: collapsed, expanded, or submitting (a full page load is under way).
 * `focusInput` and `navigate` are the side effects; components and tests swap them with `.provide()`.
 */
export const searchFieldMachine = setup({
  types: {
    context: {} as SearchFieldContext,
    events: {} as SearchFieldEvent,
  },
  actions: {
    focusInput: () => {},
    navigate: (_, params: { text: string }) => {
      const back = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      window.location.assign(searchUrl(params.text, back));
    },
    clearText: assign({ text: '' }),
    setText: assign({ text: (_, params: { value: string }) => params.value }),
  },
  guards: {
    hasText: ({ context }) => context.text.trim() !== '',
  },
}).createMachine({
  id: 'searchField',
  context: { text: '' },
  initial: 'collapsed',
  states: {
    collapsed: {
      on: {
        TOGGLE: { target: 'expanded', actions: 'focusInput' },
      },
    },
    expanded: {
      on: {
        TOGGLE: [{ guard: 'hasText', target: 'submitting' }, { target: 'collapsed' }],
        SUBMIT: [{ guard: 'hasText', target: 'submitting' }, { target: 'collapsed' }],
        CHANGE: { actions: { type: 'setText', params: ({ event }) => ({ value: event.value }) } },
        ESCAPE: 'collapsed',
        CLICK_OUTSIDE: 'collapsed',
        BLUR: 'collapsed',
      },
    },
    submitting: {
      entry: { type: 'navigate', params: ({ context }) => ({ text: context.text.trim() }) },
    },
  },
});
