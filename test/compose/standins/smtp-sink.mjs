// A minimal SMTP server that accepts every message and keeps it in memory; GET /api/v1/messages
// on 8025 lists the envelopes (sender, recipients, size). For the compose test only.
import http from 'node:http';
import net from 'node:net';

const messages = [];

net
  .createServer((socket) => {
    let envelope = { from: '', to: [], size: 0 };
    let inData = false;
    let buffer = '';
    const say = (line) => socket.write(`${line}\r\n`);
    say('220 smtp-sink ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let index;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(envelope);
            envelope = { from: '', to: [], size: 0 };
            say('250 queued');
          } else envelope.size += line.length + 2;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') envelope.from = line.slice(10).trim();
        if (verb === 'RCPT') envelope.to.push(line.slice(8).trim());
        if (verb === 'DATA') inData = true;
        say(verb === 'DATA' ? '354 end with .' : verb === 'QUIT' ? '221 bye' : '250 ok');
        if (verb === 'QUIT') socket.end();
      }
    });
    socket.on('error', () => undefined);
  })
  .listen(1025);

http
  .createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ total: messages.length, messages }));
  })
  .listen(8025);
