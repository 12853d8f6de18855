/** Unit tests of the pure pieces: order numbers, the student key, the old client's update form. */
import { splitReceivingPersonName, updateOrderBodySchema, newOrderBodySchema } from '@lr/contracts';
import { formatOrderNumber, isUuid, parseOrderNumber } from './order-number.js';
import { describeRefusal, findDuplicateLine, isTestUser } from './line-rules.js';

describe('order numbers', () => {
  it('formats and parses LR-000123', () => {
    expect(formatOrderNumber(123)).toBe('LR-000123');
    expect(formatOrderNumber(1234567)).toBe('LR-1234567');
    expect(parseOrderNumber('LR-000123')).toBe(123);
    expect(parseOrderNumber('lr123')).toBe(123);
    expect(parseOrderNumber(' 123 ')).toBe(123);
    expect(parseOrderNumber('LR-0')).toBeNull();
    expect(parseOrderNumber('S-123_9_Male')).toBeNull();
    expect(isUuid('3f1c2b7e-8d4a-4c1e-9f2a-0b1c2d3e4f5a')).toBe(true);
    expect(isUuid("1' OR '1'='1")).toBe(false);
  });
});

describe('student key', () => {
  it('splits student id, age and gender; the id may hold underscores', () => {
    expect(splitReceivingPersonName('AB_12_9_NA')).toEqual({
      studentId: 'AB_12',
      age: 9,
      gender: 'NA',
    });
    expect(splitReceivingPersonName('S1_10_Male')).toEqual({
      studentId: 'S1',
      age: 10,
      gender: 'Male',
    });
    expect(splitReceivingPersonName('S1_ten_Male')).toBeNull();
    expect(splitReceivingPersonName('S1_10_Other')).toBeNull();
  });
});

describe('old client bodies', () => {
  it('reads newQuantity as a comma-joined form field or a JSON array', () => {
    expect(
      updateOrderBodySchema.parse({ status: 'Printed', newQuantity: '1, 0,5' }).newQuantity,
    ).toEqual([1, 0, 5]);
    expect(updateOrderBodySchema.parse({ status: 'Printed', newQuantity: '' }).newQuantity).toEqual(
      [],
    );
    expect(
      updateOrderBodySchema.parse({ status: 'Printed', newQuantity: ['2', 3] }).newQuantity,
    ).toEqual([2, 3]);
    expect(updateOrderBodySchema.safeParse({ status: 'Printed', newQuantity: '1,x' }).success).toBe(
      false,
    );
    expect(updateOrderBodySchema.safeParse({ status: 'Shipped' }).success).toBe(false);
  });

  it('accepts only zero prices on a new order', () => {
    const body = {
      shippingInfo: { receivingPersonName: 'S1_10_Male', Email: 'a@b.example' },
      orderItems: [
        {
          product: '3f1c2b7e-8d4a-4c1e-9f2a-0b1c2d3e4f5a',
          ProductSize: 'M',
          quantity: 1,
          price: 0,
        },
      ],
      totalPrice: 0,
    };
    expect(newOrderBodySchema.safeParse(body).success).toBe(true);
    expect(newOrderBodySchema.safeParse({ ...body, totalPrice: 1 }).success).toBe(false);
  });
});

describe('line rules', () => {
  it('finds the same product and size twice, whatever the case of the size', () => {
    const id = '3f1c2b7e-8d4a-4c1e-9f2a-0b1c2d3e4f5a';
    expect(
      findDuplicateLine([
        { productId: id, size: 'M', quantity: 1 },
        { productId: id, size: 'L', quantity: 1 },
      ]),
    ).toBe(-1);
    expect(
      findDuplicateLine([
        { productId: id, size: 'M', quantity: 1 },
        { productId: id, size: 'm ', quantity: 1 },
      ]),
    ).toBe(1);
  });

  it('knows TEST USER whatever the case and says why a line is refused', () => {
    expect(isTestUser('test user')).toBe(true);
    expect(isTestUser('TEST ADMIN')).toBe(false);
    const base = { index: 0, productId: 'p', size: 'M', name: 'Hoodie', requested: 3 };
    expect(describeRefusal({ ...base, reason: 'short', available: 0 })).toBe(
      'Hoodie (M): out of stock',
    );
    expect(describeRefusal({ ...base, reason: 'short', available: 2 })).toBe(
      'Hoodie (M): only 2 left',
    );
    expect(describeRefusal({ ...base, name: null, reason: 'not-found', available: null })).toBe(
      'item 1 no longer exists',
    );
  });
});
