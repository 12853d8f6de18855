import { Button, Card, CardContent, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { UI_MESSAGES } from '@lr/contracts';

/** The page after Add User (/registersuccess). */
export function UserRegistered() {
  return (
    <Card sx={{ mt: 2, textAlign: 'center' }}>
      <Title title="Add User" />
      <CardContent>
        <CheckCircleIcon color="success" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="p" gutterBottom>
          {UI_MESSAGES.userAdded}
        </Typography>
        <Button component={Link} to="/users" variant="contained">
          Display All Users
        </Button>
      </CardContent>
    </Card>
  );
}
