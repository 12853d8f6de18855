/** /donate: the donation carousel and how to give. */
import { PageTitle } from '../../../components/page-title';
import { DonationCarousel } from './donation-carousel';
import { DonationInfo } from './donation-info';

export function DonatePage() {
  return (
    <section className="page">
      <PageTitle title="Donate" />
      <h1>Donate</h1>
      <DonationCarousel />
      <DonationInfo showDonateLink={false} title="How to give" />
    </section>
  );
}
