import { act, screen } from '@testing-library/react';
import { renderRoute } from '../../../../test/render';
import { DonatePage } from './donate-page';
import { CAROUSEL_INTERVAL_MS, SLIDES } from './donation-carousel';

describe('DonatePage carousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('moves to the next slide every 2 s and wraps around', () => {
    renderRoute(<DonatePage />, { path: '/donate', user: null });
    expect(screen.getByRole('heading', { name: SLIDES[0].title })).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    });
    expect(screen.getByRole('heading', { name: SLIDES[1].title })).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(CAROUSEL_INTERVAL_MS * (SLIDES.length - 1));
    });
    expect(screen.getByRole('heading', { name: SLIDES[0].title })).toBeInTheDocument();
  });
});
