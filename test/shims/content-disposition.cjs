// content-disposition 3 is ESM-only and @fastify/static require()s it; Node 20 can do that, jest's
// module loader cannot. In tests only, the same library's CommonJS release stands in, with the v3
// names (`create`, `parse`).
const contentDisposition = require('content-disposition-cjs');

module.exports = { create: contentDisposition, parse: contentDisposition.parse };
