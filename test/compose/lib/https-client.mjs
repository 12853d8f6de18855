/**
 * Requests to Caddy on a local port as if to https://<domain>/: the TLS name is the domain and the
 * only trusted root is Caddy's own CA, so a successful request proves the certificate chain.
 */
import https from 'node:https';

/** A FormData body as bytes with its multipart content type, encoded by fetch's own encoder. */
async function encodeBody(body, headers) {
  if (!(body instanceof FormData)) return { body, headers };
  const encoded = new Request('http://localhost/', { method: 'POST', body });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { ...headers, 'content-type': encoded.headers.get('content-type') },
  };
}

export function httpsRequester({ port, domain, ca }) {
  return async (path, init = {}) => {
    const { body, headers } = await encodeBody(init.body, init.headers ?? {});
    return new Promise((resolve, reject) => {
      const request = https.request(
        {
          host: '127.0.0.1',
          port,
          servername: domain,
          ca,
          path,
          method: init.method ?? 'GET',
          headers: { host: domain, ...headers },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const bytes = Buffer.concat(chunks);
            resolve({
              ok: response.statusCode >= 200 && response.statusCode < 300,
              status: response.statusCode,
              headers: {
                get: (name) => {
                  const value = response.headers[name.toLowerCase()];
                  return Array.isArray(value) ? value.join(', ') : (value ?? null);
                },
              },
              text: async () => bytes.toString('utf8'),
              arrayBuffer: async () => bytes,
            });
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}
