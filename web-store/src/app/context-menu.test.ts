import { installContextMenuGuard } from './context-menu';

function rightClick(target: Element): boolean {
  const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('context menu guard', () => {
  it('blocks the menu on the page but not in inputs and textareas', () => {
    document.body.innerHTML =
      '<p id="text">hi</p><input id="field" /><textarea id="area"></textarea>';
    const uninstall = installContextMenuGuard(document);
    expect(rightClick(document.getElementById('text') as Element)).toBe(true);
    expect(rightClick(document.getElementById('field') as Element)).toBe(false);
    expect(rightClick(document.getElementById('area') as Element)).toBe(false);
    uninstall();
    expect(rightClick(document.getElementById('text') as Element)).toBe(false);
  });
});
