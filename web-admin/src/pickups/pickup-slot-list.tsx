/**
 * Pickup slots (admins, Settings): the weekly times schools may collect orders, each with how many
 * orders one date takes. Below them, the charity's calendar feed of every pickup.
 */
import {
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NumberField,
  SimpleList,
  TextField,
  TopToolbar,
  CreateButton,
} from 'react-admin';
import { Box } from '@mui/material';
import { weekdayName, type PickupSlot } from '@lr/contracts';
import { useSmallScreen } from '../lib/use-small-screen';
import { CharityFeedCard } from './charity-feed-card';

export function PickupSlotList() {
  const small = useSmallScreen();
  return (
    <Box>
      <List
        title="Pickup slots"
        pagination={false}
        exporter={false}
        actions={
          <TopToolbar>
            <CreateButton label="Add slot" />
          </TopToolbar>
        }
      >
        {small ? (
          <SimpleList<PickupSlot>
            primaryText={(slot) => `${weekdayName(slot.weekday)} ${slot.start}-${slot.end}`}
            secondaryText={(slot) => `${slot.capacity} orders per date`}
            rowClick="edit"
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick="edit">
            <FunctionField<PickupSlot>
              label="Weekday"
              render={(slot) => weekdayName(slot.weekday)}
            />
            <TextField source="start" label="Start" sortable={false} />
            <TextField source="end" label="End" sortable={false} />
            <NumberField source="capacity" label="Orders per date" sortable={false} />
            <EditButton />
          </Datagrid>
        )}
      </List>
      <CharityFeedCard />
    </Box>
  );
}
