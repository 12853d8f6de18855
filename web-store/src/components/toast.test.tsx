import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './toast';

function Shout({ message, ms }: { message: string; ms?: number }) {
  const toast = useToast();
  useEffect(() => toast.error(message, ms), [toast, message, ms]);
  return null;
}

describe('toast', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows at bottom-centre for 1000 ms by default', () => {
    render(
      <ToastProvider>
        <Shout message="Item Not Available" />
      </ToastProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Item Not Available');
    expect(screen.getByRole('alert').parentElement).toHaveClass('toast-region');
    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a longer toast (the 4 s gender message) for its own duration', () => {
    render(
      <ToastProvider>
        <Shout message="Please select a gender" ms={4000} />
      </ToastProvider>,
    );
    act(() => {
      jest.advanceTimersByTime(3999);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a gender');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not stack the same message on repeated clicks, and drops errors on request', async () => {
    jest.useRealTimers();
    const user = userEvent.setup();
    function Buttons() {
      const toast = useToast();
      return (
        <>
          <button onClick={() => toast.error('Please select a gender', 4000)}>Continue</button>
          <button onClick={() => toast.success('Saved', 4000)}>Save</button>
          <button onClick={() => toast.dismissErrors()}>Leave</button>
        </>
      );
    }
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });
});
