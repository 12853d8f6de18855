/** /me/update: name, login id and avatar with preview. */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser, type CurrentUser } from '../../../lib/auth';
import { PageTitle } from '../../../components/page-title';
import { Loading } from '../../../components/query-state';
import { useToast } from '../../../components/toast';
import { useUpdateProfile } from '../api/update-profile';
import { avatarProblem, AVATAR_TYPES, firstError, profileSchema } from '../account-schemas';
// The preview is drawn with the avatar's own classes (it is a file not yet uploaded, not an Avatar).
import '../../../components/avatar.css';
import './update-profile-page.css';

export function UpdateProfilePage() {
  const me = useCurrentUser();
  if (!me.data) return <Loading />;
  return <UpdateProfileForm user={me.data} />;
}

function UpdateProfileForm({ user }: { user: CurrentUser }) {
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState(user.avatar?.url ?? '');
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
    if (!parsed.success) return toast.error(firstError(parsed.error));
    const problem = avatarProblem(avatar);
    if (problem) return toast.error(problem);
    update.mutate(
      { ...parsed.data, avatar },
      {
        onSuccess: () => {
          toast.success(UI_MESSAGES.profileUpdated);
          void navigate('/account');
        },
        onError: (error) => toast.error(errorMessage(error)),
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
