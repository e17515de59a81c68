import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serializeSnapshot, TestModel, type TestParam, type TestPath } from '@xstate/graph';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { cookieDisclaimerQueryKey } from '@/lib/queries/cookie-disclaimer';
import { server, setupMockServer } from '../../__tests__/msw';
import { renderShell } from '../../__tests__/test-utils';
import { CookieBanner } from '../cookie-banner';
import { cookieBannerMachine, type CookieBannerEvent } from '../cookie-banner.machine';

setupMockServer();

const text =
  '<p>We use cookies. <a href="/privacy">Read more</a></p><img src="x" onerror="alert(1)"><script>alert(2)</script>';

describe('CookieBanner', () => {
  it('is not shown when already agreed or without text', () => {
    const { unmount } = renderShell(<CookieBanner />, {
      cookies: { disclaimer_text: text, agreed: true },
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    unmount();
    renderShell(<CookieBanner />, { cookies: { disclaimer_text: '', agreed: false } });
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('shows the sanitized disclaimer in a labelled region', async () => {
    renderShell(<CookieBanner />, { cookies: { disclaimer_text: text, agreed: false } });
    const region = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(region).toHaveTextContent('We use cookies.');
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/privacy');
    expect(region.querySelector('script')).toBeNull();
    expect(region.querySelector('[onerror]')).toBeNull();
  });

  it('Accept sends the agreement, hides the banner and reloads the disclaimer', async () => {
    let agreedBody = '';
    let disclaimerLoads = 0;
    server.use(
      http.post('*/system/ajax/cookies-disclaimer/agree', async ({ request }) => {
        agreedBody = await request.text();
        return HttpResponse.json({ data: { agreed: true } });
      }),
      http.get('*/api/v2/settings/cookies-disclaimer', () => {
        disclaimerLoads += 1;
        return HttpResponse.json({ data: { disclaimer_text: text, agreed: true } });
      }),
    );
    renderShell(<CookieBanner />, { cookies: { disclaimer_text: text, agreed: false } });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument(),
    );
    expect(agreedBody).toContain('ajax=true');
    await waitFor(() => expect(disclaimerLoads).toBeGreaterThanOrEqual(1));
  });

  it('keeps the banner with an error message when the agreement fails', async () => {
    server.use(
      http.post('*/system/ajax/cookies-disclaimer/agree', () =>
        HttpResponse.json(
          { message: 'Invalid or missing XSRF token. Reload the page and try again.' },
          { status: 400 },
        ),
      ),
      http.get('*/api/v2/settings/cookies-disclaimer', () =>
        HttpResponse.json({ data: { disclaimer_text: text, agreed: false } }),
      ),
    );
    renderShell(<CookieBanner />, { cookies: { disclaimer_text: text, agreed: false } });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Something went wrong, please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });
});

/**
 * Model-based: paths through the real machine are replayed on the rendered banner. SYNC is the
 * disclaimer data arriving from the server, AGREE a click on Accept, and the `agree` actor's
 * done/error events the server answering the agreement POST (held open until the path says so).
 *
 * `createTestModel()` refuses machines with invocations, so the model is a plain `TestModel`
 * over the machine with the same serialization `createTestModel()` uses (snapshot plus the
 * transition when the state value changes).
 */
describe('CookieBanner model', () => {
  /** The `agree` invocation answers with these events (its id is `<index>.<state node id>`). */
  const DONE = 'xstate.done.actor.0.cookieBanner.agreeing';
  const FAILED = 'xstate.error.actor.0.cookieBanner.agreeing';
  type ModelEvent =
    | CookieBannerEvent
    | { type: typeof DONE; output?: unknown }
    | { type: typeof FAILED; error: unknown };
  type Snap = SnapshotFrom<typeof cookieBannerMachine>;

  const DISCLAIMER = '<p>We use cookies.</p>';
  const plain = (html: string) => html.replace(/<[^>]+>/g, '');

  const candidates: ModelEvent[] = [
    { type: 'SYNC', text: DISCLAIMER, agreed: false },
    { type: 'SYNC', text: '', agreed: false },
    { type: 'SYNC', text: DISCLAIMER, agreed: true },
    { type: 'AGREE' },
    { type: DONE, output: { agreed: true } },
    { type: FAILED, error: new Error('Invalid or missing XSRF token.') },
  ];

  const model = new TestModel<Snap, ModelEvent, unknown>(
    cookieBannerMachine as unknown as ActorLogic<Snap, ModelEvent, unknown>,
    {
      events: (state) => candidates.filter((e) => state.can(e as CookieBannerEvent)),
      serializeState: (state, event, prev) =>
        serializeSnapshot(state) +
        (event && prev && prev.value !== state.value
          ? ` via ${JSON.stringify(event)} from ${JSON.stringify(prev.value)}`
          : ''),
      stateMatcher: (state, key) => state.matches(key as never),
    },
  );

  const label = (e: ModelEvent) => {
    switch (e.type) {
      case 'SYNC':
        return `data (${e.text ? 'text' : 'no text'}, ${e.agreed ? 'agreed' : 'not agreed'})`;
      case 'AGREE':
        return 'Accept';
      case DONE:
        return 'agreement saved';
      default:
        return 'agreement fails';
    }
  };
  const name = (path: TestPath<Snap, ModelEvent>) => {
    const { value, context } = path.state;
    const end = `${String(value)}${context.error == null ? '' : ' with error'}`;
    return `${path.steps
      .slice(1)
      .map((s) => label(s.event))
      .join(' → ')} ⇒ ${end}`;
  };

  /** The fake server: disclaimer GET answers from `disclaimer`, agreement POSTs wait for `answer`. */
  function setupServer() {
    const calls = { disclaimerLoads: 0, agreeBodies: [] as string[] };
    let disclaimer = { disclaimer_text: '', agreed: false };
    let answer: (ok: boolean) => void = () => {
      throw new Error('No agreement request is waiting.');
    };
    server.use(
      http.get('*/api/v2/settings/cookies-disclaimer', () => {
        calls.disclaimerLoads += 1;
        return HttpResponse.json({ data: disclaimer });
      }),
      http.post('*/system/ajax/cookies-disclaimer/agree', async ({ request }) => {
        calls.agreeBodies.push(await request.text());
        const ok = await new Promise<boolean>((resolve) => (answer = resolve));
        if (!ok) {
          return HttpResponse.json({ message: 'Invalid or missing XSRF token.' }, { status: 400 });
        }
        disclaimer = { ...disclaimer, agreed: true };
        return HttpResponse.json({ data: { agreed: true } });
      }),
    );
    return {
      calls,
      setDisclaimer: (d: typeof disclaimer) => (disclaimer = d),
      answer: (ok: boolean) => answer(ok),
    };
  }

  function setupModelTest() {
    const fake = setupServer();
    const user = userEvent.setup();
    const { queryClient } = renderShell(<CookieBanner />, {
      cookies: { disclaimer_text: '', agreed: false },
    });
    const region = () => screen.queryByRole('region', { name: 'Cookie consent' });
    const accept = () => screen.queryByRole('button', { name: 'Accept' });
    /** Waits until the agreement and the reloads it causes are over. */
    const settled = () =>
      waitFor(() => {
        expect(queryClient.isMutating()).toBe(0);
        expect(queryClient.isFetching()).toBe(0);
        expect(screen.queryByRole('button', { name: 'Accept', busy: true })).toBeNull();
      });

    const params: TestParam<Snap, ModelEvent> = {
      states: {
        hidden: () => {
          expect(region()).not.toBeInTheDocument();
          expect(accept()).not.toBeInTheDocument();
          expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        },
        visible: (state) => {
          const banner = region();
          expect(banner).toBeVisible();
          expect(banner).toHaveTextContent(plain(state.context.text));
          expect(accept()).toBeEnabled();
          expect(accept()).not.toHaveAttribute('aria-busy');
          if (state.context.error == null) {
            expect(screen.queryByRole('alert')).not.toBeInTheDocument();
          } else {
            expect(within(banner!).getByRole('alert')).toHaveTextContent(
              'Something went wrong, please try again.',
            );
          }
        },
        agreeing: () => {
          expect(region()).toBeVisible();
          expect(accept()).toBeDisabled();
          expect(accept()).toHaveAttribute('aria-busy', 'true');
          expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        },
      },
      events: {
        SYNC: async ({ event }) => {
          const { text, agreed } = event as Extract<CookieBannerEvent, { type: 'SYNC' }>;
          fake.setDisclaimer({ disclaimer_text: text ?? '', agreed });
          await act(() => queryClient.refetchQueries({ queryKey: cookieDisclaimerQueryKey }));
          await settled();
        },
        AGREE: async () => {
          const sent = fake.calls.agreeBodies.length;
          await user.click(accept()!);
          await waitFor(() => expect(fake.calls.agreeBodies).toHaveLength(sent + 1));
          expect(new URLSearchParams(fake.calls.agreeBodies[sent]).get('ajax')).toBe('true');
        },
        [DONE]: async () => {
          const loads = fake.calls.disclaimerLoads;
          fake.answer(true);
          await settled();
          // The disclaimer data is reloaded after agreeing.
          expect(fake.calls.disclaimerLoads).toBeGreaterThan(loads);
        },
        [FAILED]: async () => {
          fake.answer(false);
          await settled();
        },
      },
    };
    return params;
  }

  it('knows the events the agreement answers with', () => {
    expect(cookieBannerMachine.states.agreeing!.invoke.map((i) => i.id)).toEqual([
      DONE.replace('xstate.done.actor.', ''),
    ]);
  });

  for (const path of model.getShortestPaths()) {
    it(name(path), async () => {
      await path.test(setupModelTest());
    });
  }

  for (const path of model.getPathsFromEvents([
    { type: 'SYNC', text: DISCLAIMER, agreed: false },
    { type: 'AGREE' },
    { type: FAILED, error: new Error('offline') },
    { type: 'AGREE' },
    { type: DONE, output: { agreed: true } },
    // Data still saying "not agreed" after the agreement does not bring the banner back.
    { type: 'SYNC', text: DISCLAIMER, agreed: false },
  ])) {
    it(`retry after a failure: ${name(path)}`, async () => {
      await path.test(setupModelTest());
    });
  }
});
