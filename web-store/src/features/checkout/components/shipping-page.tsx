/**
 * /shipping, Delivery Details. The student's fields start empty on every checkout;
 * the teacher's contact details come back only when the school asked this computer to remember
 * them. A submit with problems lists them all above the form and puts focus on the first one.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { GENDERS } from '@lr/contracts';
import { isTestUser, useCurrentUser, type CurrentUser } from '../../../lib/auth';
import {
  forgetContact,
  getShipping,
  receivingPersonNameOf,
  rememberContact,
  rememberedContactFor,
  saveShipping,
  userAddressOf,
  type ShippingForm,
} from '../../../lib/shipping-info';
import { ErrorSummary, type FormProblem } from '../../../components/error-summary';
import { PageTitle } from '../../../components/page-title';
import { Loading } from '../../../components/query-state';
import {
  fieldErrorsOf,
  GENDER_LABELS,
  SHARING_CONSENT_LABEL,
  shippingFormInputSchema,
  TEST_USER_SHIPPING,
  type ShippingFieldErrors,
} from '../shipping-schema';
import { CheckoutSteps } from './checkout-steps';
import './shipping-page.css';

const EMPTY_FORM: ShippingForm = {
  studentId: '',
  age: '',
  gender: '',
  teacherName: '',
  phoneNo: '',
  Email: '',
  additionalComments: '',
  sharingConsent: false,
};

/** The fields in the order they appear, so problems are listed (and focused) top to bottom. */
const FIELD_ORDER = Object.keys(EMPTY_FORM) as (keyof ShippingForm)[];

function problemsOf(errors: ShippingFieldErrors): FormProblem[] {
  return FIELD_ORDER.flatMap((field) => {
    const message = errors[field];
    return message ? [{ field, message }] : [];
  });
}

/** aria-describedby of a field: its hint, then its error when it has one. */
function describedBy(id: string, error: string | undefined, hint?: string): string | undefined {
  const ids = [hint, error ? `${id}-error` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function ShippingPage() {
  const me = useCurrentUser();
  if (me.isPending || !me.data) return <Loading />;
  return <ShippingFormView user={me.data} />;
}

function ShippingFormView({ user }: { user: CurrentUser }) {
  const locked = isTestUser(user);
  const navigate = useNavigate();
  const [form, setForm] = useState<ShippingForm>(() =>
    // Coming back from Confirm Order in the same checkout keeps what was typed; the consent is
    // asked for each request, so its box starts unticked even when details are refilled.
    locked
      ? { ...TEST_USER_SHIPPING }
      : {
          ...EMPTY_FORM,
          ...rememberedContactFor(user._id),
          ...getShipping()?.form,
          sharingConsent: false,
        },
  );
  const [remember, setRemember] = useState(() => rememberedContactFor(user._id) !== null);
  const [errors, setErrors] = useState<ShippingFieldErrors>({});
  const [attempt, setAttempt] = useState(0);

  const set = (field: Exclude<keyof ShippingForm, 'sharingConsent'>) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = shippingFormInputSchema.safeParse(form);
    setAttempt((n) => n + 1);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      setErrors(fieldErrors);
      const [first] = problemsOf(fieldErrors);
      if (first) document.getElementById(first.field)?.focus();
      return;
    }
    setErrors({});
    const value = parsed.data;
    if (!locked && remember) rememberContact(user._id, value);
    if (!locked && !remember) forgetContact(user._id);
    saveShipping(
      { ...value },
      {
        userName: user.name,
        receivingPersonName: receivingPersonNameOf(value),
        additionalComments: value.additionalComments,
        userLoggedInDesignation: value.teacherName,
        userAddress: userAddressOf(user.address, user.district),
        orderDate: new Date().toISOString(),
        phoneNo: value.phoneNo,
        Email: value.Email,
      },
    );
    void navigate('/order/confirm');
  };

  return (
    <section className="page page--narrow">
      <PageTitle title="Delivery Details" />
      <CheckoutSteps active={0} />
      <h1>Delivery Details</h1>
      <ErrorSummary key={attempt} problems={problemsOf(errors)} />
      <form className="form card" onSubmit={onSubmit} noValidate>
        <Field label="Student ID" id="studentId" error={errors.studentId}>
          <input
            id="studentId"
            required
            readOnly={locked}
            value={form.studentId}
            onChange={(e) => set('studentId')(e.target.value)}
            aria-invalid={errors.studentId ? true : undefined}
            aria-describedby={describedBy('studentId', errors.studentId, 'studentId-hint')}
          />
          <small id="studentId-hint" className="form__hint">
            Please use an unidentifying student ID: not the student's name or school number.
          </small>
        </Field>
        <Field label="Age" id="age" error={errors.age}>
          <input
            id="age"
            inputMode="numeric"
            required
            readOnly={locked}
            value={form.age}
            onChange={(e) => set('age')(e.target.value)}
            aria-invalid={errors.age ? true : undefined}
            aria-describedby={describedBy('age', errors.age)}
          />
        </Field>
        <Field label="Gender" id="gender" error={errors.gender}>
          <select
            id="gender"
            required
            disabled={locked}
            value={form.gender}
            onChange={(e) => set('gender')(e.target.value)}
            aria-invalid={errors.gender ? true : undefined}
            aria-describedby={describedBy('gender', errors.gender)}
          >
            <option value="">Select a gender</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Teacher's name" id="teacherName" error={errors.teacherName}>
          <input
            id="teacherName"
            readOnly={locked}
            value={form.teacherName}
            onChange={(e) => set('teacherName')(e.target.value)}
            aria-invalid={errors.teacherName ? true : undefined}
            aria-describedby={describedBy('teacherName', errors.teacherName)}
          />
        </Field>
        <Field label="Phone" id="phoneNo" error={errors.phoneNo}>
          <input
            id="phoneNo"
            type="tel"
            readOnly={locked}
            value={form.phoneNo}
            onChange={(e) => set('phoneNo')(e.target.value)}
            aria-invalid={errors.phoneNo ? true : undefined}
            aria-describedby={describedBy('phoneNo', errors.phoneNo)}
          />
        </Field>
        <Field label="Email" id="Email" error={errors.Email}>
          <input
            id="Email"
            type="email"
            required
            readOnly={locked}
            value={form.Email}
            onChange={(e) => set('Email')(e.target.value)}
            aria-invalid={errors.Email ? true : undefined}
            aria-describedby={describedBy('Email', errors.Email)}
          />
        </Field>
        {!locked && (
          <div className="form__check">
            <input
              id="rememberContact"
              type="checkbox"
              checked={remember}
              onChange={(e) => {
                setRemember(e.target.checked);
                // Unticking forgets at once: the school asked this computer to keep nothing.
                if (!e.target.checked) forgetContact(user._id);
              }}
              aria-describedby="rememberContact-hint"
            />
            <label htmlFor="rememberContact">Remember my contact details on this computer</label>
            <small id="rememberContact-hint" className="form__hint">
              Keeps the teacher&apos;s name, phone and email in this browser for your school&apos;s
              next request. Student details are never kept. Leave it off on a computer others use.
            </small>
          </div>
        )}
        <Field label="Address" id="address">
          <input id="address" readOnly value={user.address ?? ''} />
        </Field>
        <Field label="District" id="district">
          <input id="district" readOnly value={user.district ?? ''} />
        </Field>
        <Field
          label="Additional comments"
          id="additionalComments"
          error={errors.additionalComments}
        >
          <textarea
            id="additionalComments"
            rows={3}
            readOnly={locked}
            value={form.additionalComments}
            onChange={(e) => set('additionalComments')(e.target.value)}
            aria-invalid={errors.additionalComments ? true : undefined}
            aria-describedby={describedBy('additionalComments', errors.additionalComments)}
          />
        </Field>
        <div className="form__field form__consent">
          <label htmlFor="sharingConsent" className="form__check">
            <input
              id="sharingConsent"
              type="checkbox"
              required
              checked={form.sharingConsent}
              onChange={(e) => {
                const checked = e.target.checked;
                setForm((current) => ({ ...current, sharingConsent: checked }));
                // Ticking answers the question: its warning goes.
                if (checked) setErrors(({ sharingConsent: _answered, ...rest }) => rest);
              }}
              aria-invalid={errors.sharingConsent ? true : undefined}
              aria-describedby={errors.sharingConsent ? 'sharingConsent-error' : undefined}
            />
            <span>{SHARING_CONSENT_LABEL}</span>
          </label>
          <a href="/privacypolicy" target="_blank" rel="noreferrer" className="form__hint">
            Read the Privacy Policy (opens in a new tab)
          </a>
          {errors.sharingConsent && (
            <span className="form__error" id="sharingConsent-error">
              {errors.sharingConsent}
            </span>
          )}
        </div>
        <button type="submit" className="button">
          Continue
        </button>
      </form>
    </section>
  );
}

function Field({
  label,
  id,
  error,
  children,
}: {
  label: string;
  id: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      {children}
      {/* Not an alert: the summary above the form announces every problem at once. */}
      {error && (
        <span className="form__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
