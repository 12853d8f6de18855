/**
 * /me/update: name, login id and avatar with preview. A new login id needs the
 * current code: its field shows only then, with what the change does (other devices log out).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { useCurrentUser, type CurrentUser } from '../../../lib/auth';
import { PageTitle } from '../../../components/page-title';
import { Loading } from '../../../components/query-state';
import { RetryNotice, retryAtOf } from '../../../components/retry-notice';
import { useToast } from '../../../components/toast';
import { useUpdateProfile } from '../api/update-profile';
import { firstProblem } from '../../../lib/field-problems';
import { avatarProblem, AVATAR_TYPES, PROFILE_LABELS, profileSchema } from '../account-schemas';
// The preview is drawn with the avatar's own classes (it is a file not yet uploaded, not an Avatar).
import '../../../components/avatar.css';
import './update-profile-page.css';

const CODE_MISSING = 'Please type your current code to change the Login ID.';
const CODE_WRONG = 'The current code is not right. Please check it and try again.';

/** The server's 400 for a missing or wrong current code names the field. */
function isCurrentCodeError(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 400 && /^currentPassword/.test(error.message)
  );
}

export function UpdateProfilePage() {
  const me = useCurrentUser();
  if (!me.data) return <Loading />;
  return <UpdateProfileForm user={me.data} />;
}

function UpdateProfileForm({ user }: { user: CurrentUser }) {
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [currentCode, setCurrentCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState(user.avatar?.url ?? '');
  const loginIdChanges = email.trim() !== user.email;
  const update = useUpdateProfile();
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (!avatar) return;
    const url = URL.createObjectURL(avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileSchema.safeParse({ name, email });
    if (!parsed.success) return toast.error(firstProblem(parsed.error, PROFILE_LABELS));
    const problem = avatarProblem(avatar);
    if (problem) return toast.error(problem);
    if (loginIdChanges && !currentCode) {
      setCodeError(CODE_MISSING);
      document.getElementById('profile-current-code')?.focus();
      return;
    }
    setCodeError(null);
    update.mutate(
      { ...parsed.data, avatar, ...(loginIdChanges ? { currentPassword: currentCode } : {}) },
      {
        onSuccess: () => {
          toast.success(UI_MESSAGES.profileUpdated);
          void navigate('/account');
        },
        onError: (error) => {
          const at = retryAtOf(error);
          setRetryAt(at);
          if (at !== null) return;
          if (isCurrentCodeError(error)) {
            setCodeError(CODE_WRONG);
            document.getElementById('profile-current-code')?.focus();
            return;
          }
          toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <section className="page page--narrow">
      <PageTitle title="Update Profile" />
      <h1>Update Profile</h1>
      <form className="form card" onSubmit={onSubmit}>
        <label htmlFor="profile-name">Name</label>
        <input id="profile-name" required value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="profile-email">Login ID</label>
        <input
          id="profile-email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {loginIdChanges && (
          <div className="form__field">
            <label htmlFor="profile-current-code">Current code</label>
            <p className="form__hint" id="profile-current-code-hint">
              A new Login ID needs the code you use now. Every other device logged in to this
              account will be logged out. If the old Login ID is an email address, it gets an email
              about the change.
            </p>
            <input
              id="profile-current-code"
              type="password"
              autoComplete="current-password"
              value={currentCode}
              aria-invalid={codeError !== null}
              aria-describedby={
                codeError ? 'profile-current-code-error' : 'profile-current-code-hint'
              }
              onChange={(e) => setCurrentCode(e.target.value)}
            />
            {codeError && (
              <p className="form__error" id="profile-current-code-error" role="alert">
                {codeError}
              </p>
            )}
            {retryAt !== null && (
              <RetryNotice retryAt={retryAt} paused="Login ID changes from here are paused." />
            )}
          </div>
        )}
        <label htmlFor="profile-avatar">Avatar</label>
        <div className="avatar-picker">
          {preview ? (
            <img className="avatar" src={preview} alt="Avatar preview" />
          ) : (
            <span className="avatar avatar--placeholder" />
          )}
          <input
            id="profile-avatar"
            type="file"
            accept={AVATAR_TYPES.join(',')}
            onChange={(e) => setAvatar(e.target.files?.[0] ?? null)}
          />
        </div>
        <button type="submit" className="button" disabled={update.isPending}>
          Update
        </button>
      </form>
    </section>
  );
}
