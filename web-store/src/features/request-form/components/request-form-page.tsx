/**
 * /requestform: a working printable request form. Submitting checks the form
 * and prints it; it never logs anyone in (the old form called the login action). A signed-in
 * school finds its name and address already filled in (it can still change them for the print).
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser, type CurrentUser } from '../../../lib/auth';
import { PageTitle } from '../../../components/page-title';
import { Loading } from '../../../components/query-state';
import { useToast } from '../../../components/toast';
import {
  addRow,
  initialRequestForm,
  removeRow,
  REQUEST_GENDERS,
  requestFormSchema,
  updateRow,
  type RequestFormState,
} from '../request-form-state';
import './request-form-page.css';

type TextField = Exclude<keyof RequestFormState, 'rows'>;

export function RequestFormPage() {
  const me = useCurrentUser();
  // Wait for the user (loaded on start) so the school's details are in the form's first state.
  if (me.isPending) return <Loading />;
  return <RequestForm school={me.data?.role === 'user' ? me.data : null} />;
}

function RequestForm({ school }: { school: CurrentUser | null }) {
  const [params] = useSearchParams();
  const toast = useToast();
  const [form, setForm] = useState(() =>
    initialRequestForm({
      item: params.get('item'),
      size: params.get('size'),
      subCategory: params.get('subCategory'),
      schoolName: school?.name,
      schoolAddress: [school?.address, school?.district].filter(Boolean).join(', '),
    }),
  );
  const field = (name: TextField) => ({
    id: `rf-${name}`,
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = requestFormSchema.safeParse(form);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    window.print();
  };

  return (
    <section className="page request-form">
      <PageTitle title="Request Form" />
      <h1>Request Form</h1>
      <p className="no-print muted">
        Fill in the form, then print it or save it as a PDF and send it to us.
      </p>
      <form className="form card" onSubmit={onSubmit}>
        <div className="form__grid">
          <label htmlFor="rf-fullName">Full name</label>
          <input {...field('fullName')} required />
          <label htmlFor="rf-facultyId">Faculty ID</label>
          <input {...field('facultyId')} />
          <label htmlFor="rf-schoolName">School name</label>
          <input {...field('schoolName')} required />
          <label htmlFor="rf-schoolAddress">School address</label>
          <input {...field('schoolAddress')} />
          <label htmlFor="rf-email">Email</label>
          <input {...field('email')} type="email" />
          <label htmlFor="rf-phone">Phone</label>
          <input {...field('phone')} type="tel" />
          <label htmlFor="rf-gender">Gender</label>
          <select {...field('gender')}>
            {REQUEST_GENDERS.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
          <label htmlFor="rf-age">Age</label>
          <input {...field('age')} inputMode="numeric" />
        </div>
        <h2>Items</h2>
        <table className="table table--stack request-rows">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Size</th>
              <th scope="col">Quantity</th>
              <th scope="col" className="no-print">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {form.rows.map((row, index) => (
              <tr key={row.id}>
                <td data-label="Item">
                  <input
                    aria-label={`Item ${index + 1}`}
                    value={row.item}
                    onChange={(e) => setForm((f) => updateRow(f, row.id, { item: e.target.value }))}
                  />
                </td>
                <td data-label="Size">
                  <input
                    aria-label={`Size ${index + 1}`}
                    value={row.size}
                    onChange={(e) => setForm((f) => updateRow(f, row.id, { size: e.target.value }))}
                  />
                </td>
                <td data-label="Quantity">
                  <input
                    aria-label={`Quantity ${index + 1}`}
                    inputMode="numeric"
                    value={row.quantity}
                    onChange={(e) =>
                      setForm((f) => updateRow(f, row.id, { quantity: e.target.value }))
                    }
                  />
                </td>
                <td className="no-print request-rows__remove">
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={`Remove row ${index + 1}`}
                    disabled={form.rows.length <= 1}
                    onClick={() => setForm((f) => removeRow(f, row.id))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="actions no-print">
          <button type="button" className="button button--ghost" onClick={() => setForm(addRow)}>
            Add row
          </button>
          <button type="submit" className="button">
            Print
          </button>
        </div>
      </form>
    </section>
  );
}
