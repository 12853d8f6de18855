/** Notices to schools (admins): shown on the store's home page from the start to the end date. */
import {
  ChipField,
  Datagrid,
  DateField,
  EditButton,
  List,
  SimpleList,
  TextField,
} from 'react-admin';
import type { Notice } from '@lr/contracts';
import { useSmallScreen } from '../lib/use-small-screen';

export function NoticeList() {
  const small = useSmallScreen();
  return (
    <List title="Notices to schools" pagination={false} exporter={false}>
      {small ? (
        <SimpleList<Notice>
          primaryText={(notice) => notice.text}
          secondaryText={(notice) => `${notice.level}: ${notice.startDate} to ${notice.endDate}`}
          rowClick="edit"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <TextField source="text" label="Text" sortable={false} />
          <ChipField source="level" label="Level" sortable={false} />
          <DateField
            source="startDate"
            label="From"
            sortable={false}
            options={{ timeZone: 'UTC' }}
          />
          <DateField
            source="endDate"
            label="Until"
            sortable={false}
            options={{ timeZone: 'UTC' }}
          />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
}
