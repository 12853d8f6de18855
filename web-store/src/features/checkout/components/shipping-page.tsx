/** /shipping, Delivery Details. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { GENDERS, UI_MESSAGES } from '@lr/contracts';
import { isTestUser, useCurrentUser, type CurrentUser } from '../../../lib/auth';
import {
  getShipping,
  receivingPersonNameOf,
  saveShipping,
  userAddressOf,
  type ShippingForm,
} from '../../../lib/shipping-info';
import { PageTitle } from '../../../components/page-title';
import { Loading } from '../../../components/query-state';
import { useToast } from '../../../components/toast';
import {
  fieldErrorsOf,
  GENDER_LABELS,
  shippingFormInputSchema,
  TEST_USER_SHIPPING,
  type ShippingFieldErrors,
} from '../shipping-schema';
import { CheckoutSteps } from './checkout-steps';

export const GENDER_ERROR_MS = 4000;

const EMPTY_FORM: ShippingForm = {
  studentId: '',
  age: '',
  gender: '',
  teacherName: '',
  phoneNo: '',
  Email: '',
  additionalComments: '',
};

export function ShippingPage() {
  const me = useCurrentUser();
  if (me.isPending || !me.data) return <Loading />;
  return <ShippingFormView user={me.data} />;
}

function ShippingFormView({ user }: { user: CurrentUser }) {
  const locked = isTestUser(user);
  const navigate = useNavigate();
  const toast = useToast();
  const [form, setForm] = useState<ShippingForm>(() =>
    locked ? { ...TEST_USER_SHIPPING } : { ...EMPTY_FORM, ...getShipping()?.form },
  );
  const [errors, setErrors] = useState<ShippingFieldErrors>({});

  const set = (field: keyof ShippingForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = shippingFormInputSchema.safeParse(form);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      setErrors(fieldErrors);
      if (fieldErrors.gender) toast.error(UI_MESSAGES.selectGender, GENDER_ERROR_MS);
      return;
    }
    setErrors({});
    const value = parsed.data;
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
      <form className="form card" onSubmit={onSubmit} noValidate>
        <Field label="Student ID" id="studentId" error={errors.studentId}>
          <input
            id="studentId"
            required
            readOnly={locked}
            value={form.studentId}
            onChange={(e) => set('studentId')(e.target.value)}
            aria-describedby="studentId-hint"
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
          />
        </Field>
        <Field label="Gender" id="gender" error={errors.gender}>
          <select
            id="gender"
            required
            disabled={locked}
            value={form.gender}
            onChange={(e) => set('gender')(e.target.value)}
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
          />
        </Field>
        <Field label="Phone" id="phoneNo" error={errors.phoneNo}>
          <input
            id="phoneNo"
            type="tel"
            readOnly={locked}
            value={form.phoneNo}
            onChange={(e) => set('phoneNo')(e.target.value)}
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
          />
        </Field>
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
          />
        </Field>
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
      {error && (
        <span className="form__error" role="alert" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
