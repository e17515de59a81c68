import { assign, fromPromise, setup } from 'xstate';

export type CookieBannerEvent =
  { type: 'SYNC'; text: string | null | undefined; agreed: boolean } | { type: 'AGREE' };

/** The disclaimer as first known: with it, the banner is visible from its first snapshot. */
export interface CookieBannerInput {
  text: string | null | undefined;
  agreed: boolean;
}

export interface CookieBannerContext {
  text: string;
  agreed: boolean;
  error: unknown;
}

/**
 * Cookie-consent banner: visible while a disclaimer text exists and this browser has not
 * agreed; AGREE sends the agreement (`agree` actor) and reloads the disclaimer
 * (`reloadDisclaimer`). The disclaimer known at start comes as input, so a page rendered on the
 * server shows the banner already; later data comes in with SYNC.
 */
export const cookieBannerMachine = setup({
  types: {
    context: {} as CookieBannerContext,
    events: {} as CookieBannerEvent,
    input: {} as CookieBannerInput,
  },
  actors: {
    agree: fromPromise<unknown>(async () => {
      throw new Error('The agree actor is provided by the component.');
    }),
  },
  actions: {
    reloadDisclaimer: () => {},
    sync: assign(({ context, event }) =>
      event.type === 'SYNC'
        ? { text: event.text ?? '', agreed: context.agreed || event.agreed }
        : {},
    ),
    markAgreed: assign({ agreed: true, error: null }),
    setError: assign({ error: (_, params: { error: unknown }) => params.error }),
    clearError: assign({ error: null }),
  },
  guards: {
    shouldShow: ({ context }) => context.text.trim() !== '' && !context.agreed,
  },
}).createMachine({
  id: 'cookieBanner',
  context: ({ input }) => ({
    text: input?.text ?? '',
    agreed: input?.agreed ?? false,
    error: null,
  }),
  initial: 'deciding',
  states: {
    hidden: {
      on: { SYNC: { target: 'deciding', actions: 'sync' } },
    },
    deciding: {
      always: [{ guard: 'shouldShow', target: 'visible' }, { target: 'hidden' }],
    },
    visible: {
      on: {
        SYNC: { target: 'deciding', actions: 'sync' },
        AGREE: { target: 'agreeing', actions: 'clearError' },
      },
    },
    agreeing: {
      invoke: {
        src: 'agree',
        onDone: { target: 'hidden', actions: ['markAgreed', 'reloadDisclaimer'] },
        onError: {
          target: 'visible',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
