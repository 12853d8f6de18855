import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  AdminContext,
  RecordContextProvider,
  ResourceContextProvider,
  type DataProvider,
} from 'react-admin';
import { RoleField } from './role-field';
import { UserCreate } from './user-create';
import { UserEdit } from './user-edit';

function userProvider(role: string) {
  const updates: unknown[] = [];
  const provider = {
    getOne: async () => ({
      data: { id: 'u9', name: 'Hillside Primary', email: 'hillside', role, district: 'North' },
    }),
    update: async (_resource: string, params: { data: Record<string, unknown> }) => {
      updates.push(params.data);
      return { data: { id: 'u9', ...params.data } };
    },
    create: async (_resource: string, params: { data: Record<string, unknown> }) => ({
      data: { id: 'new', ...params.data },
    }),
  } as unknown as DataProvider;
  return { provider, updates };
}

function renderAt(
  path: string,
  route: string,
  element: React.ReactElement,
  provider: DataProvider,
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={provider}>
        <ResourceContextProvider value="users">
          <Routes>
            <Route path={route} element={element} />
            <Route path="/users" element={<p>users list</p>} />
            <Route path="/users/registered" element={<p>registered page</p>} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

async function roleOptions() {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Role/ }));
  return within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('Update User', () => {
  it('offers Choose Role, Admin and User only, and starts a volunteer at Choose Role with Update disabled', async () => {
    const { provider } = userProvider('volunteer');
    renderAt('/users/u9', '/users/:id', <UserEdit />, provider);
    await screen.findByDisplayValue('Hillside Primary');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(await roleOptions()).toEqual(['Choose Role', 'Admin', 'User']);
  });

  it('enables Update with a role and sends every profile field, address, district and cap exemption edited', async () => {
    const { provider, updates } = userProvider('user');
    renderAt('/users/u9', '/users/:id', <UserEdit />, provider);
    await screen.findByDisplayValue('Hillside Primary');
    expect(screen.getByLabelText(/Login ID/)).toHaveValue('hillside');
    expect(screen.queryByLabelText(/Email/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Address/), { target: { value: '1 Hill Rd' } });
    fireEvent.change(screen.getByLabelText(/District/), { target: { value: 'South' } });
    const exemption = screen.getByLabelText(/May request more than 5 of an item per line/);
    expect(exemption).not.toBeChecked();
    fireEvent.click(exemption);
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeEnabled();
    fireEvent.click(update);
    await waitFor(() =>
      expect(updates).toEqual([
        {
          name: 'Hillside Primary',
          email: 'hillside',
          role: 'user',
          address: '1 Hill Rd',
          district: 'South',
          exemptFromLineCap: true,
        },
      ]),
    );
    expect(await screen.findByText('users list')).toBeInTheDocument();
  });
});

describe('Add User', () => {
  it('offers Admin, Volunteer and User', async () => {
    const { provider } = userProvider('user');
    renderAt('/users/create', '/users/create', <UserCreate />, provider);
    expect(await roleOptions()).toEqual(['Choose Role', 'Admin', 'Volunteer', 'User']);
  });
});

describe('role cell', () => {
  it.each([
    ['admin', 'rgb(46, 125, 50)'],
    ['user', 'rgb(211, 47, 47)'],
    ['volunteer', 'rgb(21, 101, 192)'],
  ])('colours %s', (role, colour) => {
    render(
      <AdminContext>
        <RecordContextProvider value={{ id: 1, role }}>
          <RoleField />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(screen.getByTestId('role-cell')).toHaveStyle({ color: colour });
  });
});
