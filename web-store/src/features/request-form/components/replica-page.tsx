/** /replica: a printable replica of the paper request form, to fill in by hand. */
import { PageTitle } from '../../../components/page-title';
import './replica-page.css';

const LINES = [
  'Full name',
  'Faculty ID',
  'School name',
  'School address',
  'Email',
  'Phone',
  'Gender',
  'Age',
];

export function ReplicaPage() {
  return (
    <section className="page replica">
      <PageTitle title="Request Form (paper)" />
      <div className="replica__sheet">
        <h1>Locker Room 345: Student Clothing and Footwear Request</h1>
        <p className="muted">
          One form per student. Pickup: Tuesdays 2:00-4:00, Thursdays 8:00-9:30 am.
        </p>
        <dl className="replica__lines">
          {LINES.map((label) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd />
            </div>
          ))}
        </dl>
        <table className="table replica__table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Size</th>
              <th scope="col">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: 8 }, (_, i) => (
              <tr key={i}>
                <td>&nbsp;</td>
                <td />
                <td />
              </tr>
            ))}
          </tbody>
        </table>
        <p>Signature: ______________________ Date: ____________</p>
      </div>
      <button type="button" className="button no-print" onClick={() => window.print()}>
        Print
      </button>
    </section>
  );
}
