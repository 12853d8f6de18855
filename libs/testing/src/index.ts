export * from './database.js';
export * from './nats.js';
export * from './wait.js';
export * from './env.js';
export * from './builders.js';
export * from './mail.js';
export * from './bulk-orders.js';
export * from './prometheus-text.js';
