import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  TextField,
  Typography,
} from '@mui/material';
import { Confirm, Title, useGetList, useNotify } from 'react-admin';
import { FORM_LIMITS, type ConsoleUser } from '@lr/contracts';
import { errorMessage } from '../http';
import { downloadCsv } from '../report/csv-download';
import { erasedCountText, erasePersonalData, privacyExportUrl } from './privacy-api';

/**
 * Requests about personal data (admins): export everything held about one student (school and
 * student id) or one school, as JSON or CSV; erase one student's details from every order of the
 * school now. Retention erases them by itself after delivery (docs/operations.md).
 */
export function PrivacyPage() {
  const notify = useNotify();
  const [school, setSchool] = useState('');
  const [studentId, setStudentId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data: schools = [] } = useGetList<ConsoleUser>('users', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
    filter: { role: 'user' },
  });
  const schoolName = schools.find((s) => s.id === school)?.name ?? '';

  async function download(format: 'json' | 'csv') {
    try {
      await downloadCsv(privacyExportUrl(school, studentId, format), `privacy-export.${format}`);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  }

  async function erase() {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await erasePersonalData({ school, studentId: studentId.trim() });
      notify(erasedCountText(result), { type: 'success' });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="Privacy requests" />
      <Card>
        <CardHeader
          title="Export or erase a student's details"
          slotProps={{ title: { component: 'h2' } }}
        />
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
          <Typography variant="body2">
            Students&apos; and teachers&apos; details are erased by themselves after delivery. Here
            you can answer a school&apos;s request at once: download what is held about a student or
            the whole school, or erase a student&apos;s details from every order of that school.
          </Typography>
          <FormControl size="small" fullWidth>
            <InputLabel id="privacy-school-label">School</InputLabel>
            <Select
              labelId="privacy-school-label"
              label="School"
              value={school}
              onChange={(event) => setSchool(event.target.value)}
            >
              {schools.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <TextField
            size="small"
            label="Student id (leave empty for the whole school's export)"
            value={studentId}
            onChange={(event) => setStudentId(event.target.value)}
            slotProps={{ htmlInput: { maxLength: FORM_LIMITS.studentIdMax } }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={!school}
              onClick={() => void download('json')}
            >
              Export JSON
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={!school}
              onClick={() => void download('csv')}
            >
              Export CSV
            </Button>
            <Button
              variant="contained"
              color="error"
              startIcon={<PersonOffIcon />}
              disabled={!school || !studentId.trim() || busy}
              onClick={() => setConfirming(true)}
            >
              Erase student
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Confirm
        isOpen={confirming}
        title="Erase a student's details"
        content={`Erase student ${studentId.trim()}'s details (id, age, gender, the teacher's name, phone, e-mail and comments) from every order of ${schoolName} now? This cannot be undone.`}
        confirm="Erase"
        cancel="Cancel"
        onConfirm={() => void erase()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
