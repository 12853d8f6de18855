/* global module */
module.exports = {};
