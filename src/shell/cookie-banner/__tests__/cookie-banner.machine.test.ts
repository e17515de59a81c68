import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cookieBannerMachine } from '../cookie-banner.machine';

function start(agree: () => Promise<unknown> = () => Promise.resolve({ agreed: true })) {
  const reloadDisclaimer = vi.fn();
  const actor = createActor(
    cookieBannerMachine.provide({
      actors: { agree: fromPromise(agree) },
      actions: { reloadDisclaimer },
    }),
    { input: { text: '', agreed: false } },
  ).start();
  return { actor, reloadDisclaimer };
}

describe('cookieBannerMachine', () => {
  it('stays hidden without a disclaimer text', () => {
    const { actor } = start();
    actor.send({ type: 'SYNC', text: '', agreed: false });
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.send({ type: 'SYNC', text: null, agreed: false });
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('stays hidden when already agreed', () => {
    const { actor } = start();
    actor.send({ type: 'SYNC', text: '<p>Cookies</p>', agreed: true });
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('shows a text that was not agreed to', () => {
    const { actor } = start();
    actor.send({ type: 'SYNC', text: '<p>Cookies</p>', agreed: false });
    expect(actor.getSnapshot().value).toBe('visible');
    expect(actor.getSnapshot().context.text).toBe('<p>Cookies</p>');
  });

  it('AGREE invokes agree, hides and reloads the disclaimer', async () => {
    const agree = vi.fn(() => Promise.resolve({ agreed: true }));
    const { actor, reloadDisclaimer } = start(agree);
    actor.send({ type: 'SYNC', text: 'Cookies', agreed: false });
    actor.send({ type: 'AGREE' });
    expect(actor.getSnapshot().value).toBe('agreeing');
    await waitFor(actor, (s) => s.matches('hidden'));
    expect(agree).toHaveBeenCalledTimes(1);
    expect(reloadDisclaimer).toHaveBeenCalledTimes(1);
    // Stale data arriving before the reload does not bring the banner back.
    actor.send({ type: 'SYNC', text: 'Cookies', agreed: false });
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('a failed agreement returns to visible with the error, and a retry clears it', async () => {
    const failure = new Error('offline');
    let fail = true;
    const { actor, reloadDisclaimer } = start(() =>
      fail ? Promise.reject(failure) : Promise.resolve({}),
    );
    actor.send({ type: 'SYNC', text: 'Cookies', agreed: false });
    actor.send({ type: 'AGREE' });
    await waitFor(actor, (s) => s.matches('visible'));
    expect(actor.getSnapshot().context.error).toBe(failure);
    expect(reloadDisclaimer).not.toHaveBeenCalled();
    fail = false;
    actor.send({ type: 'AGREE' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('hidden'));
  });

  it('hides when the text is removed while visible', () => {
    const { actor } = start();
    actor.send({ type: 'SYNC', text: 'Cookies', agreed: false });
    actor.send({ type: 'SYNC', text: '', agreed: false });
    expect(actor.getSnapshot().value).toBe('hidden');
  });
});
