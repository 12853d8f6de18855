/** s3rver ships no types; the tests use its constructor, run() and close() (s3-server.ts). */
declare module 's3rver';
