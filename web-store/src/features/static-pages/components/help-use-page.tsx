/** /helpuse: the How To Use video; its link differs for schools and for staff (spec 2.8). */
import { config } from '../../../lib/config';
import { useCurrentUser } from '../../../lib/auth';
import { PageTitle } from '../../../components/page-title';
import './prose.css';

export function HelpUsePage() {
  const me = useCurrentUser();
  const video = me.data?.role === 'user' || !me.data ? config.helpVideoUser : config.helpVideoOther;
  const forStaff = !!me.data && me.data.role !== 'user';
  return (
    <section className="page prose">
      <PageTitle title="How To Use" />
      <h1>How To Use</h1>
      {video ? (
        <p>
          <a className="button" href={video} target="_blank" rel="noreferrer noopener">
            Watch the How To Use video
          </a>
        </p>
      ) : (
        <p className="notice">
          The help video is not available yet. The steps below explain everything.
        </p>
      )}
      {forStaff ? (
        <ol>
          <li>Open the Dashboard to see how many orders are waiting (status Processing).</li>
          <li>
            Open an order, adjust the quantities if stock is short, and choose the next status.
          </li>
          <li>
            Print the pick list, pack the items and mark the order Ready for Pickup, then Delivered.
          </li>
        </ol>
      ) : (
        <ol>
          <li>Log in by choosing your school and entering your school code.</li>
          <li>Browse or search the products, pick a size and a quantity, then Add to Cart.</li>
          <li>Open My Cart and press Check Out.</li>
          <li>Enter the Delivery Details for one student and confirm the order.</li>
          <li>Press Proceed To Place Order. You can follow the order under My Orders.</li>
          <li>
            After too many wrong codes the login page says that logins from your network are paused,
            and for how many minutes. Changing your Login ID under Update Profile asks for your
            current code and logs out your other devices.
          </li>
        </ol>
      )}
    </section>
  );
}
