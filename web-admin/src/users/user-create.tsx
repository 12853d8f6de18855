import { Avatar, Box, Typography } from '@mui/material';
import {
  Create,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useNotify,
  useRedirect,
} from 'react-admin';
import { LIMITS } from '@lr/contracts';
import { ADD_USER_ROLE_CHOICES, roleChosen } from '../lib/role-choices';
import { errorMessage } from '../http';
import { USER_REGISTERED_PATH } from './paths';

function codeLength(value: string | undefined) {
  if (!value) return undefined;
  if (value.length < LIMITS.passwordMinLength) {
    return `Code must be at least ${LIMITS.passwordMinLength} characters`;
  }
  if (value.length > LIMITS.passwordMaxLength) {
    return `Code must be at most ${LIMITS.passwordMaxLength} characters`;
  }
  return undefined;
}

/** Add User: every field required; the account gets the default avatar. */
export function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Add User"
      transform={(data: Record<string, string>) => ({
        name: data.name,
        email: data.email,
        password: data.password,
        address: data.address,
        district: data.district,
        role: data.role,
      })}
      mutationOptions={{
        onSuccess: () => redirect(USER_REGISTERED_PATH),
        onError: (error: unknown) => notify(errorMessage(error), { type: 'error' }),
      }}
    >
      <SimpleForm>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Avatar alt="Default avatar" sx={{ width: 56, height: 56 }} />
          <Typography variant="body2" color="text.secondary">
            The new account gets the default avatar.
          </Typography>
        </Box>
        <TextInput source="name" label="School Name" validate={required()} fullWidth />
        <TextInput source="email" label="Login ID" validate={required()} fullWidth />
        <PasswordInput source="password" label="Code" validate={[required(), codeLength]} />
        <TextInput source="address" label="Address" validate={required()} fullWidth />
        <TextInput source="district" label="District" validate={required()} fullWidth />
        <SelectInput
          source="role"
          label="Role"
          choices={[...ADD_USER_ROLE_CHOICES]}
          emptyText="Choose Role"
          validate={roleChosen}
        />
      </SimpleForm>
    </Create>
  );
}
