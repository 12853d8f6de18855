import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ModalDialog } from './modal-dialog';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <button>Elsewhere</button>
      {open && (
        <ModalDialog labelledBy="t" onCancel={() => setOpen(false)}>
          <h2 id="t">Question</h2>
          <input aria-label="Answer" />
          <button onClick={() => setOpen(false)}>Close</button>
        </ModalDialog>
      )}
    </>
  );
}

describe('ModalDialog', () => {
  it('takes focus, keeps Tab inside and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Answer')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Answer')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it("gives focus to the page's main heading when it opened with the page", async () => {
    const user = userEvent.setup();
    function Notice() {
      const [open, setOpen] = useState(true);
      return (
        <main>
          <h1>Home</h1>
          <button>Search</button>
          {open && (
            <ModalDialog labelledBy="n">
              <h2 id="n">Notice</h2>
              <button onClick={() => setOpen(false)}>I have read this</button>
            </ModalDialog>
          )}
        </main>
      );
    }
    render(<Notice />);
    expect(screen.getByRole('button', { name: 'I have read this' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'I have read this' }));
    expect(screen.getByRole('heading', { name: 'Home' })).toHaveFocus();
  });
});
