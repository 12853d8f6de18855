import {
  BooleanInput,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
  useSaveContext,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { UI_MESSAGES, type ConsoleUser } from '@lr/contracts';
import { initialUpdateRole, roleChosen, UPDATE_USER_ROLE_CHOICES } from '../lib/role-choices';
import { errorMessage } from '../http';

/** 'Update' is disabled while loading or with no role. */
export function isUpdateDisabled(role: string | undefined | null, loading: boolean): boolean {
  return loading || !role;
}

function UpdateToolbar() {
  const role = useWatch({ name: 'role' }) as string | undefined;
  const { saving } = useSaveContext();
  const { isSubmitting } = useFormState();
  return (
    <Toolbar>
      <SaveButton
        label="Update"
        alwaysEnable={!isUpdateDisabled(role, Boolean(saving) || isSubmitting)}
        disabled={isUpdateDisabled(role, Boolean(saving) || isSubmitting)}
      />
    </Toolbar>
  );
}

function UpdateUserForm() {
  const record = useRecordContext<ConsoleUser>();
  if (!record) return null;
  // A volunteer cannot be kept as one here (Update User offers Admin and User only): start at Choose Role.
  const formRecord = { ...record, role: initialUpdateRole(record.role) };
  return (
    <SimpleForm record={formRecord} toolbar={<UpdateToolbar />}>
      <TextInput source="name" label="Name" validate={required()} fullWidth />
      {/* The field holds the login id (the old API's "email" field name), so it says so. */}
      <TextInput source="email" label="Login ID" validate={required()} fullWidth />
      <TextInput source="address" label="Address" fullWidth />
      <TextInput source="district" label="District" fullWidth />
      <SelectInput
        source="role"
        label="Role"
        choices={[...UPDATE_USER_ROLE_CHOICES]}
        emptyText="Choose Role"
        emptyValue=""
        validate={roleChosen}
      />
      {/* Set here only, by an admin: never derived from a name such as "TEST USER". */}
      <BooleanInput
        source="exemptFromLineCap"
        label="May request more than 5 of an item per line"
        helperText="For a school that truly needs larger requests; every other school is capped at 5 per line."
      />
    </SimpleForm>
  );
}

/**
 * Update User: Name, Login ID, Address, District, Role, and the per-line cap exemption;
 * success goes back to the list.
 */
export function UserEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title="Update User"
      mutationMode="pessimistic"
      transform={(data: ConsoleUser) => ({
        name: data.name,
        email: data.email,
        role: data.role,
        address: data.address ?? '',
        district: data.district ?? '',
        exemptFromLineCap: data.exemptFromLineCap === true,
      })}
      mutationOptions={{
        onSuccess: () => {
          notify(UI_MESSAGES.userUpdated, { type: 'success' });
          redirect('/users');
        },
        onError: (error: unknown) => notify(errorMessage(error), { type: 'error' }),
      }}
    >
      <UpdateUserForm />
    </Edit>
  );
}
