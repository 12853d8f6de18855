/**
 * One side of the message floor (message-floor.mjs), run as its own process:
 *   node message-floor-peer.mjs echo              answers every message it reads, printing its port;
 *                                                 when the sender hangs up, prints its CPU since
 *                                                 the connection came
 *   node message-floor-peer.mjs send PORT RATE S  sends a 100-byte message RATE times a second for S
 *                                                 seconds, waits for the answers, prints the counts
 *                                                 and its own CPU from the first message on
 * Nothing else runs in either process, so their CPU is what handing messages over costs.
 */
import net from 'node:net';

const [mode, ...args] = process.argv.slice(2);

if (mode === 'echo') {
  const server = net.createServer((socket) => {
    const cpuBefore = process.cpuUsage();
    socket.setNoDelay(true);
    socket.on('data', (chunk) => socket.write(chunk));
    socket.on('end', () => {
      const cpu = process.cpuUsage(cpuBefore);
      console.log(JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000 }));
      socket.end();
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
} else if (mode === 'send') {
  const [port, rate, seconds] = args.map(Number);
  const message = Buffer.alloc(100, 'x');
  const socket = net.connect(port, '127.0.0.1', () => {
    socket.setNoDelay(true);
    let sent = 0;
    let answered = 0;
    const cpuBefore = process.cpuUsage();
    socket.on('data', (chunk) => (answered += chunk.length / message.length));
    const started = performance.now();
    const total = Math.round(rate * seconds);
    // One message per tick of the pace, as the bench's own operations are sent.
    const tick = setInterval(() => {
      socket.write(message);
      sent += 1;
      if (sent < total) return;
      clearInterval(tick);
      const settle = setInterval(() => {
        if (answered < sent && performance.now() - started < (seconds + 5) * 1000) return;
        clearInterval(settle);
        const cpu = process.cpuUsage(cpuBefore);
        console.log(JSON.stringify({ sent, answered, cpuMs: (cpu.user + cpu.system) / 1000 }));
        socket.end();
      }, 10);
    }, 1000 / rate);
  });
} else {
  console.error('usage: message-floor-peer.mjs echo | send PORT RATE SECONDS');
  process.exit(2);
}
