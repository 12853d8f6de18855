/**
 * The original store disables the browser's right-click menu globally. We keep it where people type (inputs,
 * textareas, editable text) so paste and spelling fixes still work; a config flag turns the rule off.
 */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return !!target.closest(
    'input, textarea, select, [contenteditable="true"], [contenteditable=""]',
  );
}

export function installContextMenuGuard(doc: Document): () => void {
  const onContextMenu = (event: MouseEvent) => {
    if (!isEditableTarget(event.target)) event.preventDefault();
  };
  doc.addEventListener('contextmenu', onContextMenu);
  return () => doc.removeEventListener('contextmenu', onContextMenu);
}
