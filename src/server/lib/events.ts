import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FromSchema } from 'json-schema-to-ts';
import type { earningEvents, EarningEvent } from '@schemas/incentives/events';
import { earningCatalogue, type Facts } from './earning-rules';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where routes tell the earning rules what a user did (see {@link EventDispatcher}). */
    events: EventDispatcher;
  }
}

/** The facts an event carries, as its catalogue entry declares them. */
export type FactsOf<E extends EarningEvent> = FromSchema<
  Extract<(typeof earningEvents)[number], { event: E }>['facts']
>;

/** The smallest logger emitting needs (Fastify's request logger fits). */
export interface EventLogger {
  error(obj: unknown, msg?: string): void;
}

/** Something done when an event happens; `at` is when it happened. */
export type EventListener = (uid: number, facts: Facts, at: Date) => Promise<unknown>;

/**
 * A small in-process event dispatcher: routes emit what a user did, listeners (the earning
 * engine) act on it. Emitting never fails the request that caused it: a failure is logged, and
 * the other listeners still run.
 */
export interface EventDispatcher {
  /**
   * The moment an event happens: the real time. Tests replace it (`vi.spyOn(app.events, 'now')`)
   * to sign in on other days; nothing else does.
   */
  now(): Date;
  on(event: EarningEvent, listener: EventListener): void;
  /**
   * Tells the listeners of `event` that the user did it. `facts` may be a function that works
   * them out (and keeps what they need up to date): it runs even when nothing listens.
   */
  emit<E extends EarningEvent>(
    log: EventLogger,
    event: E,
    uid: number,
    facts: FactsOf<E> | (() => Promise<FactsOf<E>>),
    at?: Date,
  ): Promise<void>;
}

/** A dispatcher without listeners. */
export function eventDispatcher(): EventDispatcher {
  const listeners = new Map<string, EventListener[]>();
  const dispatcher: EventDispatcher = {
    now: () => new Date(),
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    async emit(log, event, uid, facts, at = dispatcher.now()) {
      let resolved: Facts;
      try {
        resolved = (
          typeof facts === 'function' ? await (facts as () => Promise<unknown>)() : facts
        ) as Facts;
      } catch (error) {
        log.error({ err: error, uid, event }, 'event facts could not be worked out');
        return;
      }
      const list = listeners.get(event);
      if (!list) return;
      const checkFacts = earningCatalogue.events.get(event)?.facts;
      if (checkFacts && !checkFacts(resolved)) {
        log.error(
          { uid, event, facts: resolved, errors: checkFacts.errors },
          'event facts do not match the catalogue',
        );
        return;
      }
      for (const listener of list) {
        try {
          await listener(uid, resolved, at);
        } catch (error) {
          log.error({ err: error, uid, event }, 'event listener failed');
        }
      }
    },
  };
  return dispatcher;
}

/**
 * Decorates `app.events` and makes the earning engine listen to every event a declared rule type
 * names: each such event pays the enabled rules whose condition its facts meet.
 */
export const eventsPlugin = fp(
  async function events(app: FastifyInstance) {
    const dispatcher = eventDispatcher();
    for (const event of earningCatalogue.byEvent.keys())
      dispatcher.on(event as EarningEvent, (uid, facts, at) =>
        app.repos.earning.payEvent(uid, event, facts, { now: at }),
      );
    app.decorate('events', dispatcher);
  },
  { name: 'atrium-events', dependencies: ['atrium-db'] },
);
