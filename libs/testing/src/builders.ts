/**
 * Data builders: valid inputs of the services' request-reply calls, with unique names, that a test
 * overrides only where it matters. Validated by the same zod schemas the services use.
 */
import { randomUUID } from 'node:crypto';
import type { CreateProductInput, PlaceOrderInput, RegisterUserInput } from '@lr/contracts';

let sequence = 0;
function unique(prefix: string): string {
  sequence += 1;
  return `${prefix} ${sequence}-${randomUUID().slice(0, 8)}`;
}

/** A visible product with sizes S, M and L of 5 each (rpc.catalog.create-product). */
export function buildProduct(overrides: Partial<CreateProductInput> = {}): CreateProductInput {
  return {
    name: unique('Test hoodie'),
    description: 'A warm hoodie',
    category: 'Clothing',
    SubCategory: 'Unisex youth sizing',
    ProductSize: [
      { size: 'S', stock: 5 },
      { size: 'M', stock: 5 },
      { size: 'L', stock: 5 },
    ],
    isShow: true,
    ...overrides,
  };
}

/** A school account (rpc.auth.register-user); the code is `password`. */
export function buildSchool(overrides: Partial<RegisterUserInput> = {}): RegisterUserInput {
  const name = unique('Test School');
  return {
    name,
    email: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    password: 'school-code-1',
    role: 'user',
    address: '1 School Lane',
    district: 'Test District',
    ...overrides,
  };
}

/** Delivery details as the store sends them (receivingPersonName = student id _ age _ gender). */
export function buildShippingInfo(
  overrides: Partial<PlaceOrderInput['shippingInfo']> = {},
): PlaceOrderInput['shippingInfo'] {
  return {
    receivingPersonName: `S${Math.floor(Math.random() * 1e6)}_11_NA`,
    additionalComments: '',
    userLoggedInDesignation: 'Ms Teacher',
    phoneNo: '555-0100',
    Email: 'teacher@school.example',
    ...overrides,
  } as PlaceOrderInput['shippingInfo'];
}

/** An order request (rpc.orders.place) for the given lines. */
export function buildOrder(
  lines: PlaceOrderInput['lines'],
  overrides: Partial<PlaceOrderInput> = {},
): PlaceOrderInput {
  return { shippingInfo: buildShippingInfo(), lines, idempotencyKey: randomUUID(), ...overrides };
}
