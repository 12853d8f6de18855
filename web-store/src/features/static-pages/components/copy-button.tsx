/** Copies a text and says 'Copied to clipboard' for 3 s. */
import { useEffect, useState } from 'react';
import './copy-button.css';

export const COPIED_MESSAGE_MS = 3000;

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard access (insecure origin, permission): the text stays on screen to copy by hand.
    }
  };

  return (
    <span className="copy">
      <button type="button" className="button button--ghost" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy__status">
        {copied ? 'Copied to clipboard' : ''}
      </span>
    </span>
  );
}
