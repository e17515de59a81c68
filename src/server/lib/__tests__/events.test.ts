import { describe, expect, it, vi } from 'vitest';
import { eventDispatcher } from '../events';

const facts = { training_id: 4, title: 'Inclusive Leadership' };

describe('the event dispatcher', () => {
  it('hands the facts and the moment to every listener of the event, in order', async () => {
    const events = eventDispatcher();
    const heard: string[] = [];
    events.on('training_subscribed', async (uid, got, at) => {
      heard.push(`first ${uid} ${String(got.title)} ${at.toISOString()}`);
    });
    events.on('training_subscribed', async () => {
      heard.push('second');
    });
    events.on('training_completed', async () => {
      heard.push('other event');
    });
    const at = new Date('2035-03-01T08:00:00Z');
    await events.emit({ error: vi.fn() }, 'training_subscribed', 7, facts, at);
    expect(heard).toEqual([`first 7 Inclusive Leadership ${at.toISOString()}`, 'second']);
  });

  it('never fails the caller: a failing listener or fact is logged, and the rest still run', async () => {
    const events = eventDispatcher();
    const log = { error: vi.fn() };
    const after = vi.fn(async () => undefined);
    events.on('training_subscribed', async () => {
      throw new Error('the database is gone');
    });
    events.on('training_subscribed', after);
    await expect(events.emit(log, 'training_subscribed', 7, facts)).resolves.toBeUndefined();
    expect(after).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ uid: 7, event: 'training_subscribed' }),
      'event listener failed',
    );

    const failing = async () => {
      throw new Error('no run of days');
    };
    await expect(events.emit(log, 'signed_in', 7, failing as never)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenLastCalledWith(
      expect.objectContaining({ event: 'signed_in' }),
      'event facts could not be worked out',
    );
  });

  it('pays no listener facts that do not match the catalogue', async () => {
    const events = eventDispatcher();
    const log = { error: vi.fn() };
    const listener = vi.fn(async () => undefined);
    events.on('training_subscribed', listener);
    await events.emit(log, 'training_subscribed', 7, { training_id: 'four' } as never);
    expect(listener).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'training_subscribed' }),
      'event facts do not match the catalogue',
    );
  });
});
