import { randomUUID } from 'node:crypto';
import { EVENTS, type OrderSnapshot } from '@lr/contracts';
import { nextState, type OrderEvent } from './order-state-rule.js';

function event(type: OrderEvent['type'], version: number, envelopeVersion = version): OrderEvent {
  const order = { id: randomUUID(), version } as OrderSnapshot;
  return {
    eventId: randomUUID(),
    type,
    version: envelopeVersion,
    occurredAt: '',
    correlationId: 'c',
    data: { order },
  } as OrderEvent;
}

const placed = (v: number) => event(EVENTS.ordersOrderPlaced, v);
const changed = (v: number) => event(EVENTS.ordersOrderStatusChanged, v);
const deleted = (v: number) => event(EVENTS.ordersOrderDeleted, v);

describe('the read model rule', () => {
  it('stores a new order and moves only to higher versions', () => {
    expect(nextState(undefined, placed(1))).toEqual({ version: 1, deleted: false });
    expect(nextState({ version: 1, deleted: false }, changed(3))).toEqual({
      version: 3,
      deleted: false,
    });
    expect(nextState({ version: 3, deleted: false }, changed(2))).toBeNull();
    expect(nextState({ version: 3, deleted: false }, changed(3))).toBeNull();
  });

  it('orders by the higher of the snapshot and envelope versions', () => {
    expect(
      nextState({ version: 2, deleted: false }, event(EVENTS.ordersOrderPlaced, 1, 3)),
    ).toEqual({ version: 3, deleted: false });
  });

  it('makes deletion final, keeping the highest version seen', () => {
    expect(nextState({ version: 5, deleted: false }, deleted(4))).toEqual({
      version: 5,
      deleted: true,
    });
    expect(nextState(undefined, deleted(2))).toEqual({ version: 2, deleted: true });
    expect(nextState({ version: 5, deleted: true }, changed(9))).toBeNull();
    expect(nextState({ version: 5, deleted: true }, deleted(9))).toBeNull();
  });
});
