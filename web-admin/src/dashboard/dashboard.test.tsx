import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { Dashboard } from './dashboard';

// The stock lists are their own chunk: on a busy machine loading it takes longer than findBy's 1 s.
const LAZY_LOAD_MS = 10_000;

const figures = {
  processingOrders: 7,
  productsCount: 43,
  outOfStockSizes: 9,
  inStockSizes: 112,
  usersCount: 19,
  outOfStock: [{ name: 'School shoes', entries: ["Girl's sizing | 4", "Boy's sizing | 6"] }],
  lowStock: [{ productId: 'p2', name: 'Jumper', SubCategory: 'One size', size: 'M', stock: 1 }],
};

function renderAs(role: 'admin' | 'volunteer', answer: object = figures) {
  const dataProvider = {
    getDashboard: async () => answer,
  } as unknown as DataProvider;
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
  };
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider}>
        <Dashboard />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('Dashboard', () => {
  it('shows an admin every tile with the out-of-stock list grouped by name', async () => {
    renderAs('admin');
    expect(await screen.findByTestId('tile-Orders received')).toHaveTextContent('7');
    expect(await screen.findByText('Item availability')).toBeInTheDocument();
    expect(screen.getByText('Manage users')).toBeInTheDocument();
    expect(screen.getByText('Generate report')).toBeInTheDocument();
    // The stock lists load after the tiles (their own chunk).
    expect(
      await screen.findByText("Girl's sizing | 4, Boy's sizing | 6", {}, { timeout: LAZY_LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.getByText('Jumper (One size | M)')).toBeInTheDocument();
  });

  // The server answers a volunteer with the Processing count alone; with an answer that carries the
  // admins' figures (a role changed while the page was open) the role alone must still hide them.
  it.each([
    ["the volunteers' answer", { processingOrders: 7 }],
    ["an answer with the admins' figures", figures],
  ])('shows a volunteer only the orders tile and How To Use, given %s', async (_, answer) => {
    renderAs('volunteer', answer);
    expect(await screen.findByTestId('tile-Orders received')).toHaveTextContent('7');
    expect(await screen.findByText('How To Use')).toBeInTheDocument();
    expect(screen.queryByText('Item availability')).toBeNull();
    expect(screen.queryByText('Manage users')).toBeNull();
    expect(screen.queryByText('Generate report')).toBeNull();
  });
});

describe('Dashboard stock lists', () => {
  it('shows the first rows and a visible Show all that reveals the rest', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      productId: `p${i}`,
      name: `Product ${i}`,
      SubCategory: 'One size',
      size: 'M',
      stock: 1,
    }));
    const dataProvider = {
      getDashboard: async () => ({ ...figures, lowStock: many }),
    } as unknown as DataProvider;
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: async () => 'admin',
    };
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} authProvider={authProvider}>
          <Dashboard />
        </AdminContext>
      </MemoryRouter>,
    );
    const showAll = await screen.findByRole(
      'button',
      { name: 'Show all (12)' },
      { timeout: LAZY_LOAD_MS },
    );
    expect(showAll).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Product 11 (One size | M)')).toBeNull();
    fireEvent.click(showAll);
    expect(screen.getByText('Product 11 (One size | M)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
