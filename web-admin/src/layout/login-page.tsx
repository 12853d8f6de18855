import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useLogin, useNotify } from 'react-admin';
import { LoginRefused } from '../authProvider';
import { errorMessage } from '../http';
import { RetryNotice } from './retry-notice';

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
            <TextField
              label="Login ID"
              name="loginId"
              value={loginId}
              onChange={(e) => setLoginId(e.target.value)}
              required
              fullWidth
              margin="normal"
              autoComplete="username"
              autoFocus
            />
            <TextField
              label="Code"
              name="password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              fullWidth
              margin="normal"
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
