/**
 * Downloads one of the report's CSV files without leaving the page: the file is fetched and handed
 * to the browser as a download, so a refused request (an expired session, a bad range) shows its
 * message in the console instead of replacing the tab with the server's JSON answer.
 */
const FILENAME = /filename="?([^";]+)"?/i;

export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) {
    let message = `The download failed (${response.status})`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // Not JSON: keep the status sentence.
    }
    throw new Error(message);
  }
  const name =
    FILENAME.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; the next tick frees the memory.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** A range whose From date is after its To date: nothing can be in it. */
export function isBackwards(from: string, to: string): boolean {
  return Boolean(from && to && from > to);
}
