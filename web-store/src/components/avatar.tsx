/** A user's avatar, falling back to an initial when the image is missing or fails to load. */
import { useState } from 'react';
import './avatar.css';

export function Avatar({ url, name }: { url?: string | undefined; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div className="avatar avatar--placeholder" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </div>
    );
  }
  return (
    <img className="avatar" src={url} alt={`${name} avatar`} onError={() => setFailed(true)} />
  );
}
