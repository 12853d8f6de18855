/** Injection tokens provided by KitModule. */
export const KIT_CONFIG = Symbol('KIT_CONFIG');
export const KIT_OPTIONS = Symbol('KIT_OPTIONS');
export const LOGGER = Symbol('LOGGER');
export const PG_POOL = Symbol('PG_POOL');
export const DATABASE = Symbol('DATABASE');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
