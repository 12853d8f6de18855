/**
 * /helpuse: the How To Use video; its link differs for schools and for staff. Schools
 * also get the written steps and what the store keeps on a shared computer.
 */
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
        <>
          <ol>
            <li>
              Log in by choosing your school and entering your school code. Before you log in, each
              product shows Log in to request instead of Add to Cart.
            </li>
            <li>
              Browse or search the products, pick a size and a quantity, then Add to Cart. A size
              that is out of stock cannot be added: the product says so, with a link to request it
              on the printable request form (already filled in with your school).
            </li>
            <li>Open My Cart and press Check Out.</li>
            <li>
              Enter the Delivery Details for one student and confirm the order. If something is
              missing, the problems are listed at the top of the form; each one takes you to its
              box.
            </li>
            <li>
              Press Proceed To Place Order. You can follow the order under My Orders. The Given
              column says &quot;to be decided&quot; until our volunteers have picked your order.
            </li>
            <li>
              After too many wrong codes the login page says that logins from your network are
              paused, and for how many minutes. Changing your Login ID under Update Profile asks for
              your current code and logs out your other devices.
            </li>
          </ol>
          <h2>Shared computers</h2>
          <p>
            Once an order is placed, the student&apos;s ID, age, gender and the comments are wiped
            from the form and from this browser, so the next student starts from an empty form.
            Logging out wipes a checkout you have not finished.
          </p>
          <p>
            Tick <strong>Remember my contact details on this computer</strong> on the Delivery
            Details form to have the teacher&apos;s name, phone and email filled in next time on
            this computer (for your school only). It is off until you tick it; untick it to forget
            them at once. Leave it off on a computer other people use.
          </p>
        </>
      )}
    </section>
  );
}
