export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
