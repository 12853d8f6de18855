/**
 * Progress of a long backup or restore step on one line: rewritten in place on a terminal, a line
 * every few seconds otherwise (CI logs, pipes).
 */
export function progressReporter(out = process.stderr) {
  let lastLine = 0;
  return {
    update(label, done, total) {
      const now = Date.now();
      const finished = total !== undefined && done >= total;
      if (!finished && now - lastLine < (out.isTTY ? 200 : 5000)) return;
      lastLine = now;
      const text = total === undefined ? `${label}: ${done}` : `${label}: ${done} of ${total}`;
      if (out.isTTY) out.write(`\r\x1b[2K${text}${finished ? '\n' : ''}`);
      else out.write(`${text}\n`);
    },
    line(text) {
      out.write(`${text}\n`);
    },
  };
}
