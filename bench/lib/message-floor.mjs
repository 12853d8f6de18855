/**
 * What handing one small message from a process to another costs on this machine, with nothing
 * else in either process: two bare Node processes over loopback TCP, one sending at a set rate,
 * the other answering each message. The answering side's CPU per message is the floor every hop
 * between the stack's processes pays (a reader woken, a read, a write that wakes the next one),
 * whatever the message says; the stack's CPU per operation reads against it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PEER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'message-floor-peer.mjs');

/** A peer process and its printed lines (one JSON document each), read in turn with `next()`. */
function startPeer(args) {
  const child = spawn(process.execPath, [PEER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = [];
  const waiting = [];
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    for (let end = output.indexOf('\n'); end >= 0; end = output.indexOf('\n')) {
      lines.push(JSON.parse(output.slice(0, end)));
      output = output.slice(end + 1);
    }
    while (lines.length > 0 && waiting.length > 0) waiting.shift().resolve(lines.shift());
  });
  child.once('exit', (code) => {
    for (const { reject } of waiting.splice(0))
      reject(new Error(`message-floor peer exited with ${code}`));
  });
  const next = () =>
    lines.length > 0
      ? Promise.resolve(lines.shift())
      : new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  return { child, next };
}

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
