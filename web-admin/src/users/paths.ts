/** Where Add User lands after creating an account (the spec's /registersuccess). */
export const USER_REGISTERED_PATH = '/users/registered';
