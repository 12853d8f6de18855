import { screen } from '@testing-library/react';
import { renderRoute, stubFetch } from '../../../../test/render';
import { afterDays, PrivacyPage } from './privacy-page';

describe('PrivacyPage', () => {
  it('states the periods and the contact the server is configured with', async () => {
    const calls = stubFetch(() => ({
      body: {
        success: true,
        privacy: {
          studentDataRetentionDays: 45,
          accessLogRetentionDays: 200,
          contactEmail: 'privacy@charity.example',
        },
      },
    }));
    renderRoute(<PrivacyPage />, { path: '/privacypolicy', user: null });
    expect(
      await screen.findByText(/are erased 45 days after a request is delivered/),
    ).toBeInTheDocument();
    expect(screen.getByText(/kept for 200 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy@charity.example' })).toHaveAttribute(
      'href',
      'mailto:privacy@charity.example',
    );
    expect(screen.getByRole('heading', { name: 'Who can see it' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/privacy']);
  });

  it('says "as soon as" when nothing is kept past the end of a request', () => {
    expect(afterDays(0)).toBe('as soon as');
    expect(afterDays(1)).toBe('1 day after');
    expect(afterDays(30)).toBe('30 days after');
  });
});
