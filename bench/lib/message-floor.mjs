/**
 * What handing one small message from a process to another costs on this machine, with nothing
 * else in either process: two bare Node processes over loopback TCP, one sending at a set rate,
 * the other answering each message. The answering side's CPU per message is the floor every hop
 * between the stack's processes pays (a reader woken, a read, a write that wakes the next one),
 * whatever the message says; the stack's CPU per operation reads against it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startReportingProcess } from './reporting-process.mjs';

const PEER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'message-floor-peer.mjs');

/** A peer process (`echo` or `send ...`), its printed documents read with `next()`. */
const startPeer = (args) => startReportingProcess(PEER, args);

/** CPU ms per message of the answering process and per round trip of both, at `rate` a second. */
export async function measureMessageFloor({ rate, seconds }) {
  const echo = startPeer(['echo']);
  try {
    const { port } = await echo.next();
    const sender = startPeer(['send', String(port), String(rate), String(seconds)]);
    const { sent, answered, cpuMs: senderMs } = await sender.next();
    const { cpuMs: echoMs } = await echo.next();
    return {
      sent,
      answered,
      echoMsPerMessage: echoMs / answered,
      roundTripMs: (echoMs + senderMs) / answered,
    };
  } finally {
    echo.child.kill();
  }
}
