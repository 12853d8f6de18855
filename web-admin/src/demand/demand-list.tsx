import DownloadIcon from '@mui/icons-material/Download';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanInput,
  Button,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  Pagination,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { CATEGORIES, type DemandRow } from '@lr/contracts';
import { CONSOLE_API } from '../dataProvider';

const PAGE_SIZE = 25;
const CATEGORY_CHOICES = CATEGORIES.map((c) => ({ id: c, name: c }));

const filters = [
  <SelectInput
    key="category"
    source="category"
    label="Category"
    choices={CATEGORY_CHOICES}
    alwaysOn
  />,
  <BooleanInput key="short" source="short" label="Short only" alwaysOn sx={{ mx: 1 }} />,
];

/** The server's CSV of every row for the current category. */
function ExportCsvButton() {
  const { filterValues } = useListContext();
  const href = `${CONSOLE_API}/demand.csv?filter=${encodeURIComponent(JSON.stringify(filterValues))}`;
  return (
    <Button label="Export CSV" onClick={() => window.location.assign(href)}>
      <DownloadIcon />
    </Button>
  );
}

/** "Hoodie, M": the product and its size. */
function itemName(row: DemandRow): string {
  return `${row.name}, ${row.size}`;
}

/**
 * Demand against stock (admins and volunteers): per product and size, what open orders ask for,
 * what is on the shelf and what is missing; the largest shortfall first.
 */
export function DemandList() {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title="Demand"
      sort={{ field: 'shortfall', order: 'DESC' }}
      perPage={PAGE_SIZE}
      pagination={<Pagination rowsPerPageOptions={[PAGE_SIZE]} />}
      filters={filters}
      actions={
        <TopToolbar>
          <ExportCsvButton />
        </TopToolbar>
      }
      exporter={false}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        Requested: items in open orders (Processing and Packing). Shortfall: items of Processing
        orders the shelf cannot cover yet; Packing and Ready for Pickup orders have taken their
        stock already.
      </Typography>
      {narrow ? (
        <SimpleList<DemandRow>
          linkType={false}
          primaryText={(row) => `${itemName(row)}: short ${row.shortfall}`}
          secondaryText={(row) =>
            `${row.category}${row.subCategory ? `, ${row.subCategory}` : ''}. Requested ${row.requested} (processing ${row.processing}, packing ${row.packing}), ready ${row.readyForPickup}, on hand ${row.onHand}`
          }
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="Product" />
          <TextField source="category" label="Category" />
          <TextField source="subCategory" label="Sizing" sortable={false} emptyText="-" />
          <TextField source="size" label="Size" />
          <NumberField source="processing" label="Processing" />
          <NumberField source="packing" label="Packing" />
          <NumberField source="requested" label="Requested" />
          <NumberField source="readyForPickup" label="Ready for pickup" />
          <NumberField source="onHand" label="On hand" />
          <FunctionField<DemandRow>
            source="shortfall"
            label="Shortfall"
            sortBy="shortfall"
            textAlign="right"
            render={(row) => (
              <Typography
                variant="body2"
                component="span"
                sx={{ fontWeight: row.shortfall > 0 ? 700 : undefined }}
              >
                {row.shortfall}
              </Typography>
            )}
          />
        </Datagrid>
      )}
    </List>
  );
}
