/** The order contracts' parsing of the student key and of the old client's bodies. */
import { newOrderBodySchema, splitReceivingPersonName, updateOrderBodySchema } from './orders.js';

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
