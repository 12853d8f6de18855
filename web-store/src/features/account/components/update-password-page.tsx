/** /password/update: old, new and confirm, all required (spec 2.6, 5). */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { errorMessage } from '../../../lib/api';
import { PageTitle } from '../../../components/page-title';
import { useToast } from '../../../components/toast';
import { useUpdatePassword } from '../api/update-password';
import { firstError, passwordChangeSchema } from '../account-schemas';

export function UpdatePasswordPage() {
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const update = useUpdatePassword();
  const toast = useToast();
  const navigate = useNavigate();
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(form);
    if (!parsed.success) return toast.error(firstError(parsed.error));
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(UI_MESSAGES.passwordUpdated);
        void navigate('/account');
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <section className="page page--narrow">
      <PageTitle title="Change Password" />
      <h1>Update Password</h1>
      <form className="form card" onSubmit={onSubmit}>
        <label htmlFor="old-password">Old Password</label>
        <input
          id="old-password"
          type="password"
          required
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={(e) => set('oldPassword')(e.target.value)}
        />
        <label htmlFor="new-password">New Password</label>
        <input
          id="new-password"
          type="password"
          required
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => set('newPassword')(e.target.value)}
        />
        <label htmlFor="confirm-password">Confirm Password</label>
        <input
          id="confirm-password"
          type="password"
          required
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set('confirmPassword')(e.target.value)}
        />
        <button type="submit" className="button" disabled={update.isPending}>
          Change
        </button>
      </form>
    </section>
  );
}
