/** /donate: the donation carousel, what is most needed and how to give. */
import { PageTitle } from '../../../components/page-title';
import { DonationCarousel } from './donation-carousel';
import { DonationInfo } from './donation-info';
import { MostNeeded } from './most-needed';

export function DonatePage() {
  return (
    <section className="page">
      <PageTitle title="Donate" />
      <h1>Donate</h1>
      <DonationCarousel />
      <MostNeeded />
      <DonationInfo showDonateLink={false} title="How to give" />
    </section>
  );
}
