import { Box } from '@mui/material';
import {
  Datagrid,
  EditButton,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { LIMITS, UI_MESSAGES, type ConsoleUser } from '@lr/contracts';
import { ConfirmDeleteButton } from '../components/confirm-delete-button';
import { ADD_USER_ROLE_CHOICES } from '../lib/role-choices';
import { roleColor } from '../lib/role-colors';
import { useSmallScreen } from '../lib/use-small-screen';
import { RoleField } from './role-field';
import { SetCodeButton } from './set-code-button';

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or Login ID" />,
  <SelectInput key="role" source="role" label="Role" choices={[...ADD_USER_ROLE_CHOICES]} />,
];

function UserActions(_props: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <EditButton />
      <ConfirmDeleteButton title="Delete User" content={UI_MESSAGES.confirmDeleteUser} />
    </Box>
  );
}

/** ALL USERS: 15 a page, sortable, Login ID ascending by default. */
export function UserList() {
  const small = useSmallScreen();
  return (
    <List
      title="ALL USERS"
      sort={{ field: 'email', order: 'ASC' }}
      perPage={LIMITS.tablePageSize}
      pagination={<Pagination rowsPerPageOptions={[LIMITS.tablePageSize]} />}
      filters={userFilters}
    >
      {small ? (
        // A tap opens Update User, where the code is set and the user deleted too.
        <SimpleList<ConsoleUser>
          primaryText={(user) => user.name}
          secondaryText={(user) =>
            `Login ID ${user.email}${user.district ? ` - ${user.district}` : ''}`
          }
          tertiaryText={(user) => (
            <Box component="span" sx={{ color: roleColor(user.role), fontWeight: 600 }}>
              {user.role}
            </Box>
          )}
          rowClick="edit"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="email" label="Login ID" />
          <TextField source="name" label="Name" />
          <TextField source="district" label="District" />
          <SetCodeButton label="Code" sortable={false} />
          <RoleField source="role" label="Role" />
          <UserActions label="Actions" />
        </Datagrid>
      )}
    </List>
  );
}
