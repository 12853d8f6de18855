import { jest } from '@jest/globals';
import type { OrderRow } from '../db/schema.js';
import { RecentOrders, rowVersionsText, type RememberedOrder } from './recent-orders.js';

function remembered(id: string, version = '1'): RememberedOrder {
  return {
    order: { id } as OrderRow,
    lines: [],
    versions: { order: version, lines: [] },
  };
}

describe('RecentOrders', () => {
  let clock = 0;
  let recent: RecentOrders;
  const now = () => clock;

  beforeEach(() => {
    clock = 1_000;
    recent = new RecentOrders(60_000, 3, now);
  });
  afterEach(() => recent.onModuleDestroy());

  it('gives an order back once, as last remembered', () => {
    recent.remember(remembered('a', '10'));
    recent.remember(remembered('a', '11'));
    expect(recent.take('a')?.versions.order).toBe('11');
    expect(recent.take('a')).toBeUndefined();
    expect(recent.take('unknown')).toBeUndefined();
  });

  it('keeps an order for the time it was given, no longer', () => {
    recent.remember(remembered('a'));
    recent.remember(remembered('b'));
    clock += 59_999;
    expect(recent.take('a')).toBeDefined();
    clock += 1;
    expect(recent.take('b')).toBeUndefined();
  });

  it('drops expired orders as new ones come, without being asked for them', () => {
    recent.remember(remembered('a'));
    clock += 30_000;
    recent.remember(remembered('b'));
    clock += 30_000;
    recent.remember(remembered('c'));
    // 'a' is a minute old: gone; 'b' is half a minute old: kept.
    expect(recent.size).toBe(2);
    expect(recent.take('b')).toBeDefined();
  });

  it('drops an expired order a tenth of its time later when nothing else happens', () => {
    jest.useFakeTimers();
    try {
      const idle = new RecentOrders(60_000, 3, now);
      idle.remember(remembered('a'));
      clock += 60_000;
      jest.advanceTimersByTime(6_000);
      expect(idle.size).toBe(0);
      idle.onModuleDestroy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('holds at most its limit, the oldest going first, a remembered-again order counting as new', () => {
    recent.remember(remembered('a'));
    recent.remember(remembered('b'));
    recent.remember(remembered('c'));
    recent.remember(remembered('a', '2'));
    recent.remember(remembered('d'));
    expect(recent.size).toBe(3);
    expect(recent.take('b')).toBeUndefined();
    expect(recent.take('a')?.versions.order).toBe('2');
    expect(recent.take('c')).toBeDefined();
    expect(recent.take('d')).toBeDefined();
  });

  it('forgets an order on request', () => {
    recent.remember(remembered('a'));
    recent.forget('a');
    expect(recent.take('a')).toBeUndefined();
  });

  it('writes the versions as the change statement builds them from the stored rows', () => {
    expect(rowVersionsText({ order: '901', lines: ['880', '901'] })).toBe('901:880,901');
    expect(rowVersionsText({ order: '901', lines: [] })).toBe('901:');
  });
});
