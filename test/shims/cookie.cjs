// cookie 2 is ESM-only and light-my-request (Fastify's inject) require()s it; jest's module loader
// cannot. In tests only, the same library's CommonJS release stands in under the v2 names.
const cookie = require('cookie-cjs');

module.exports = {
  parseCookie: cookie.parse,
  parse: cookie.parse,
  serialize: cookie.serialize,
  stringifySetCookie: ({ name, value, ...options }) => cookie.serialize(name, value, options),
  stringifyCookie: (cookies) =>
    Object.entries(cookies)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => cookie.serialize(name, value))
      .join('; '),
};
