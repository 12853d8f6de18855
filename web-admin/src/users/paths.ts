/** Where Add User lands after creating an account (the original /registersuccess). */
export const USER_REGISTERED_PATH = '/users/registered';
