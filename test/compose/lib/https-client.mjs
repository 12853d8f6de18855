/**
 * Requests to Caddy on a local port as if to https://<domain>/: the TLS name is the domain and the
 * only trusted root is Caddy's own CA, so a successful request proves the certificate chain.
 */
import https from 'node:https';

export function httpsRequester({ port, domain, ca }) {
  return (path, init = {}) =>
    new Promise((resolve, reject) => {
      const request = https.request(
        {
          host: '127.0.0.1',
          port,
          servername: domain,
          ca,
          path,
          method: init.method ?? 'GET',
          headers: { host: domain, ...init.headers },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({
              ok: response.statusCode >= 200 && response.statusCode < 300,
              status: response.statusCode,
              headers: {
                get: (name) => {
                  const value = response.headers[name.toLowerCase()];
                  return Array.isArray(value) ? value.join(', ') : (value ?? null);
                },
              },
              text: async () => body.toString('utf8'),
              arrayBuffer: async () => body,
            });
          });
        },
      );
      request.on('error', reject);
      request.end(init.body);
    });
}
