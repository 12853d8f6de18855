/**
 * Listening to auth's `hint.auth.sessions-changed` broadcasts (core NATS, not durable; see
 * docs/events.md): what a cache of session checks or of user data must forget. One place parses
 * them, so every subscriber (the gateway's session cache, orders' profile cache) reads them alike.
 */
import {
  HINTS,
  namespaced,
  sessionsChangedHintSchema,
  type SessionsChangedHint,
} from '@lr/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from './logger.js';

const decoder = new TextDecoder();

/**
 * Calls `onHint` for every well-formed hint, as soon as it is read (a callback subscription, so it
 * runs before any later message on the same connection is handed over); a malformed one is logged
 * and ignored. Unsubscribe the returned subscription on shutdown.
 */
export function subscribeToSessionHints(
  nc: NatsConnection,
  namespace: string,
  logger: Logger,
  onHint: (hint: SessionsChangedHint) => void,
): ReturnType<NatsConnection['subscribe']> {
  return nc.subscribe(namespaced(namespace, HINTS.authSessionsChanged), {
    callback: (err, msg) => {
      if (err) return;
      let hint: SessionsChangedHint;
      try {
        hint = sessionsChangedHintSchema.parse(JSON.parse(decoder.decode(msg.data)));
      } catch {
        logger.warn('malformed session hint ignored');
        return;
      }
      onHint(hint);
    },
  });
}
