/**
 * Donation instructions and 'How can you help', shown only to guests. The mailing
 * address and the giving page come from the build's configuration (VITE_DONATION_*).
 */
import { Link } from 'react-router-dom';
import { config } from '../../../lib/config';
import { CopyButton } from './copy-button';
import './donation-info.css';

export const FUND_NAME = 'Locker Room 345';

export function DonationInfo({
  showDonateLink = true,
  title = 'Donate',
}: {
  showDonateLink?: boolean;
  /** The page's own heading may already say 'Donate'. */
  title?: string;
}) {
  return (
    <>
      <section className="card" aria-labelledby="donate-title">
        <h2 id="donate-title">{title}</h2>
        <p>
          Every gift helps a student arrive at school ready to learn and play. You can give in two
          ways:
        </p>
        <ul>
          <li>
            <strong>By cheque:</strong> make it payable to the University Foundation, write "Locker
            Room 345" on the memo line, and mail it to:
            <address className="donation-address">
              {config.donationMailingAddress.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          </li>
          <li>
            <strong>By card:</strong> give online on{' '}
            <a href={config.donationUrl} target="_blank" rel="noopener noreferrer">
              the University Foundation's giving page (opens in a new tab)
            </a>{' '}
            and choose "Locker Room 345" as the fund.
          </li>
        </ul>
        <p className="actions">
          <CopyButton text={FUND_NAME} label="Copy the fund name" />
        </p>
        {showDonateLink && (
          <Link to="/donate" className="button button--ghost">
            See how donations help
          </Link>
        )}
      </section>
      <section className="card" aria-labelledby="help-title">
        <h2 id="help-title">How can you help</h2>
        <p>
          Donate new or gently used clothing and footwear, give money so we can buy the sizes we run
          out of, or volunteer to pick, pack and deliver orders for schools in your area.
        </p>
      </section>
    </>
  );
}
