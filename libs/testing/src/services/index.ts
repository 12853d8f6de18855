/** `@lr/testing/services`: the real services for tests of the parts that talk to them. */
export * from './start-services.js';
export * from './service-calls.js';
