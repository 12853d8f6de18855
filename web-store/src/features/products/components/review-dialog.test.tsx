import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, stubFetch } from '../../../../test/render';
import { ReviewDialog } from './review-dialog';

describe('ReviewDialog', () => {
  it('sends a half-star rating with the comment and confirms', async () => {
    const calls = stubFetch(() => ({ body: { success: true } }));
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderRoute(<ReviewDialog productId="p1" onClose={onClose} />);
    await user.selectOptions(screen.getByLabelText('Rating'), '3.5');
    await user.type(screen.getByLabelText('Comment'), 'Good value');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Review Submitted Successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls[0]?.url).toBe('/api/v1/review');
    expect(calls[0]?.init?.method).toBe('PUT');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      productId: 'p1',
      rating: 3.5,
      comment: 'Good value',
    });
  });
});
