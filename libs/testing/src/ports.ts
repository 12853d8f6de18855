// @ts-expect-error plain ES modules without types
import * as ports from '../../../scripts/stack/ports.mjs';

/**
 * A TCP port nothing listens on at this moment on `host` (default 127.0.0.1), for a listener a test
 * starts. Drawn below Linux's ephemeral range (32768 up), where the kernel does not hand ports to
 * outgoing connections between this check and the listen (scripts/stack/ports.mjs).
 */
export const freePort = ports.freePort as (host?: string) => Promise<number>;

/**
 * The first of `count` consecutive free ports, for a launcher that numbers its listeners from one
 * base (each process's metrics port, for example). Drawn below the ephemeral range too.
 */
export const freePortRun = ports.freePortRun as (count: number, host?: string) => Promise<number>;
