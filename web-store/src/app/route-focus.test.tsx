import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { ToastProvider } from '../components/toast';
import { useRouteFocus } from './route-focus';

function Shell({ children }: { children: React.ReactNode }) {
  useRouteFocus();
  return <main>{children}</main>;
}

function AboutPage() {
  const navigate = useNavigate();
  return (
    <>
      <h1>About Us</h1>
      <button onClick={() => void navigate('/login')}>Login</button>
    </>
  );
}

function renderAt(path: string) {
  return render(
    <ToastProvider>
      <MemoryRouter initialEntries={[path]}>
        <Shell>
          <Routes>
            <Route path="/" element={<Navigate to="/about" replace />} />
            <Route path="/about" element={<AboutPage />} />
            <Route path="/login" element={<h1>School Login</h1>} />
          </Routes>
        </Shell>
      </MemoryRouter>
    </ToastProvider>,
  );
}

describe('useRouteFocus', () => {
  it('leaves focus at the top when a redirect only finishes landing the first page', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it("moves focus to the new page's heading once the person has acted", async () => {
    renderAt('/');
    const login = await screen.findByRole('button', { name: 'Login' });
    fireEvent.pointerDown(login);
    fireEvent.click(login);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'School Login' })).toHaveFocus(),
    );
  });
});
