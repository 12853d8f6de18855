import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COPIED_MESSAGE_MS, CopyButton } from './copy-button';

describe('CopyButton', () => {
  afterEach(() => jest.useRealTimers());

  it("copies the text and says 'Copied to clipboard' for 3 s", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const writeText = jest.fn(() => Promise.resolve());
    render(<CopyButton text="Locker Room 345" label="Copy the fund name" />);
    // user-event installs its own clipboard on setup; replace it after, to observe the write.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy the fund name' }));
    expect(writeText).toHaveBeenCalledWith('Locker Room 345');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(COPIED_MESSAGE_MS - 100);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard');
    act(() => {
      jest.advanceTimersByTime(100);
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
