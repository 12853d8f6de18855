/** /password/forgot: takes the login email; the answer is the same whether or not it exists. */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { PageTitle } from '../../../components/page-title';
import { useToast } from '../../../components/toast';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sentMessage, setSentMessage] = useState('');
  const forgot = useForgotPassword();
  const toast = useToast();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return toast.error('Email is required');
    forgot.mutate(
      { email: email.trim() },
      {
        onSuccess: (body) => {
          const message = body.message ?? 'If this account exists, a reset link has been sent.';
          setSentMessage(message);
          toast.success(message);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <section className="page page--narrow">
      <PageTitle title="Forgot Password" />
      <h1>Forgot Password</h1>
      <form className="form card" onSubmit={onSubmit}>
        <label htmlFor="forgot-email">Email</label>
        <input
          id="forgot-email"
          type="text"
          required
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button" disabled={forgot.isPending}>
          Send
        </button>
        {sentMessage && <p role="status">{sentMessage}</p>}
      </form>
    </section>
  );
}
