import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Typography,
  styled,
} from '@mui/material';
import { useLogin, useNotify } from 'react-admin';
import { LoginRefused } from '../authProvider';
import { errorMessage } from '../http';
import { RetryNotice } from './retry-notice';

/** A native input drawn like the console's outlined fields. */
const Input = styled('input')(({ theme }) => ({
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  padding: '14px',
  font: 'inherit',
  fontSize: '1rem',
  color: theme.palette.text.primary,
  backgroundColor: 'transparent',
  border: `1px solid ${theme.palette.grey[400]}`,
  borderRadius: theme.shape.borderRadius,
  '&:hover': { borderColor: theme.palette.text.primary },
  '&:focus': {
    outline: 'none',
    borderColor: theme.palette.primary.main,
    boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
  },
}));

/**
 * A required text field with its label above it. Drawn from a native input, because MUI's
 * TextField (and its InputBase) would add their code to the first load for two fields.
 */
function LoginField({
  label,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
        {label} <span aria-hidden="true">*</span>
      </Typography>
      <Input id={id} required {...input} />
    </Box>
  );
}

/** The console's login: Login ID and Code (as /loginmanual). */
export function LoginPage() {
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // Set by a 429: the page says so, with the time left, until the next attempt.
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const login = useLogin();
  const notify = useNotify();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await login({ username: loginId.trim(), password });
    } catch (error) {
      const seconds = error instanceof LoginRefused ? error.retryAfterSeconds : undefined;
      setRetryAt(seconds ? Date.now() + seconds * 1000 : null);
      if (!seconds) notify(errorMessage(error, 'Invalid Login ID or Code'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      bgcolor="grey.100"
    >
      <Card sx={{ width: 360 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            LR345 Console
          </Typography>
          <form onSubmit={(e) => void submit(e)}>
            <LoginField
              label="Login ID"
              name="loginId"
              value={loginId}
              onChange={(e) => setLoginId(e.target.value)}
              autoComplete="username"
              autoFocus
            />
            <LoginField
              label="Code"
              name="password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
            />
            {retryAt !== null && <RetryNotice retryAt={retryAt} />}
            <Button
              type="submit"
              variant="contained"
              fullWidth
              disabled={busy}
              sx={{ mt: 2 }}
              startIcon={busy ? <CircularProgress size={16} /> : undefined}
            >
              Submit
            </Button>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
