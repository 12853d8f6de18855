/** Jest global teardown: stops the test nats-server of nats-global-setup.mjs. */
export { stopTestNats as default } from './nats-global-setup.mjs';
