export * from './domain.js';
export * from './errors.js';
export * from './envelope.js';
export * from './subjects.js';
export * from './events.js';
export * from './rpc.js';
export * from './auth.js';
export * from './reporting.js';
