/**
 * Waits until the gateway's /health says every service and dependency is up. `explain`: what to add
 * to the error when it never does (a quiet stack's processes' last output, say).
 */
export async function waitForHealthy(url, timeoutMs = 90_000, explain = () => '') {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const response = await fetch(`${url}/health`);
      if (response.status === 200) return await response.json();
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error.message;
    }
    if (Date.now() > deadline) {
      const more = explain();
      throw new Error(
        `The stack did not become healthy: ${last.slice(0, 500)}${more ? `\n${more}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
