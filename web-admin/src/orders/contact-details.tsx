import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { OrderContact } from '@lr/contracts';
import type { ConsoleDataProvider } from '../dataProvider';
import { errorMessage } from '../http';

/**
 * The teacher's phone and e-mail for a volunteer: left out of the order (need to know) and shown
 * only after the volunteer reads why and confirms; the server records the read in the access log.
 */
export function ContactDetails({ orderId }: { orderId: string }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [asking, setAsking] = useState(false);
  const [loading, setLoading] = useState(false);
  const [contact, setContact] = useState<OrderContact | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function show() {
    setLoading(true);
    setProblem(null);
    try {
      setContact(await dataProvider.getOrderContact(orderId));
      setAsking(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setLoading(false);
    }
  }

  if (contact) {
    return (
      <Typography variant="body2" component="div">
        Phone: {contact.phoneNo || '-'}
        <br />
        Email: {contact.Email || '-'}
      </Typography>
    );
  }
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setAsking(true)}>
        Show contact details
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        aria-labelledby="contact-details-title"
        aria-describedby="contact-details-why"
      >
        <DialogTitle id="contact-details-title">
          Show the teacher&apos;s phone and e-mail?
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="contact-details-why">
            Picking and packing need only the student id, age, gender and sizes, so the
            teacher&apos;s phone and e-mail are hidden. Open them only when you must reach the
            school about this request, for example to arrange a pickup. Your login id, the time and
            this order are recorded in the access log that admins review.
          </DialogContentText>
          {problem ? (
            <Typography color="error" role="alert" sx={{ mt: 2 }}>
              {problem}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void show()} disabled={loading}>
            {loading ? 'Opening...' : 'Show contact details'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
