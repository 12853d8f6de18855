/**
 * A Node script of the bench run as a process of its own (so its CPU is read apart from the load
 * generator's) that reports by printing one JSON document per line on its standard output.
 */
import { spawn } from 'node:child_process';

/**
 * Starts `script` with `args` (and `env` added to this process's environment); `next()` resolves
 * with its next printed document, in order, or rejects once the process has exited.
 */
export function startReportingProcess(script, args = [], env = {}) {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const label = script.slice(script.lastIndexOf('/') + 1);
  const documents = [];
  const waiting = [];
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    for (let end = output.indexOf('\n'); end >= 0; end = output.indexOf('\n')) {
      documents.push(JSON.parse(output.slice(0, end)));
      output = output.slice(end + 1);
    }
    while (documents.length > 0 && waiting.length > 0) waiting.shift().resolve(documents.shift());
  });
  const exited = new Promise((resolve) => {
    child.once('exit', (code) => {
      for (const { reject } of waiting.splice(0)) reject(new Error(`${label} exited with ${code}`));
      resolve(code);
    });
  });
  const next = () =>
    documents.length > 0
      ? Promise.resolve(documents.shift())
      : child.exitCode !== null
        ? Promise.reject(new Error(`${label} exited with ${child.exitCode}`))
        : new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  return { child, next, exited };
}
