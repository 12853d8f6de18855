/** /about. */
import { useCurrentUser } from '../../../lib/auth';
import { PageTitle } from '../../../components/page-title';
import { DonationCarousel } from './donation-carousel';
import { DonationInfo } from './donation-info';
import './prose.css';
import './about-page.css';

export function AboutPage() {
  const me = useCurrentUser();
  const isGuest = !me.isPending && !me.data;
  return (
    <section className="page prose">
      <PageTitle title="About Us" />
      <h1>About Us</h1>
      <p>
        Locker Room 345 is a division of a youth-support fund. We give students the clothing and
        footwear they need, free of charge, through their schools and teachers.
      </p>
      <ul className="facts">
        <li>Our stock is mostly donated by a sporting-goods retailer.</li>
        <li>In-stock items are picked, packed and delivered within 24-48 hours.</li>
        <li>Pickup times: Tuesdays 2:00-4:00 and Thursdays 8:00-9:30 am.</li>
      </ul>
      <p>
        Schools log in, choose items for one student at a time and place a request. Our volunteers
        then pick and pack the order and let the school know when it is ready.
      </p>
      {isGuest && (
        <>
          <DonationCarousel />
          <DonationInfo />
        </>
      )}
    </section>
  );
}
