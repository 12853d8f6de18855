import OrdersIcon from '@mui/icons-material/ShoppingBasket';
import InventoryIcon from '@mui/icons-material/Inventory2';
import PeopleIcon from '@mui/icons-material/People';
import ReportIcon from '@mui/icons-material/Assessment';
import HelpIcon from '@mui/icons-material/OndemandVideo';
import DemandIcon from '@mui/icons-material/TrendingDown';
import PickupIcon from '@mui/icons-material/EventAvailable';
import { Suspense } from 'react';
import { Alert, Box, CircularProgress, Grid } from '@mui/material';
import { Title, usePermissions } from 'react-admin';
import { errorMessage } from '../http';
import { lazyNamed } from '../lib/lazy-named';
import { useDashboardFigures } from './queries';
import { StatTile } from './stat-tile';

// Admins only, below the tiles: its lists and chart load after the first screen.
const ItemAvailability = lazyNamed(() => import('./item-availability'), 'ItemAvailability');
// Everyone's, below the tiles: loads after the first screen too.
const Shortfalls = lazyNamed(() => import('./shortfall-tile'), 'Shortfalls');
const UpcomingPickups = lazyNamed(() => import('../pickups/upcoming-pickups'), 'UpcomingPickups');

const READY_ORDERS_LINK = `/orders?filter=${encodeURIComponent(JSON.stringify({ status: 'Ready for Pickup' }))}`;
const PROCESSING_ORDERS_LINK = `/orders?filter=${encodeURIComponent(JSON.stringify({ status: 'Processing' }))}`;

/** Dashboard: admins see every tile; volunteers the orders tile and How To Use; both the largest shortfalls. */
export function Dashboard() {
  const { permissions } = usePermissions<string>();
  const { data, error, isPending } = useDashboardFigures();
  // Admins' figures carry the users count and item availability.
  const adminFigures = permissions === 'admin' && data && 'usersCount' in data ? data : null;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      {isPending ? <CircularProgress /> : null}
      {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
      {data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <StatTile
              title="Orders received"
              value={data.processingOrders}
              icon={<OrdersIcon color="primary" />}
              linkTo={PROCESSING_ORDERS_LINK}
              linkLabel="Processing orders"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <StatTile
              title="Pickups today and tomorrow"
              icon={<PickupIcon color="primary" />}
              linkTo={READY_ORDERS_LINK}
              linkLabel="Ready for Pickup orders"
            >
              <Suspense fallback={<CircularProgress size={24} />}>
                <UpcomingPickups />
              </Suspense>
            </StatTile>
          </Grid>
          {adminFigures ? (
            <>
              <Grid size={{ xs: 12, md: 4 }}>
                <StatTile
                  title="Manage users"
                  value={adminFigures.usersCount}
                  icon={<PeopleIcon color="primary" />}
                  linkTo="/users"
                  linkLabel="All users"
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <StatTile
                  title="Generate report"
                  icon={<ReportIcon color="primary" />}
                  linkTo="/report"
                  linkLabel="LR345 Report"
                />
              </Grid>
              <Grid size={12}>
                <StatTile
                  title="Item availability"
                  icon={<InventoryIcon color="primary" />}
                  linkTo="/products"
                  linkLabel="All products"
                >
                  <Suspense fallback={<CircularProgress size={24} />}>
                    <ItemAvailability figures={adminFigures} />
                  </Suspense>
                </StatTile>
              </Grid>
            </>
          ) : (
            <Grid size={{ xs: 12, md: 4 }}>
              <StatTile
                title="How To Use"
                icon={<HelpIcon color="primary" />}
                linkTo="/how-to-use"
                linkLabel="Watch the help video"
              />
            </Grid>
          )}
          <Grid size={12}>
            <StatTile
              title="Largest shortfalls"
              icon={<DemandIcon color="primary" />}
              linkTo="/demand"
              linkLabel="Demand"
            >
              <Suspense fallback={<CircularProgress size={24} />}>
                <Shortfalls />
              </Suspense>
            </StatTile>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
