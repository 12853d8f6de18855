import { useEffect, useState } from 'react';
import { Alert, AlertTitle, CircularProgress } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { UI_MESSAGES, type ConsoleStockOutcome } from '@lr/contracts';
import type { ConsoleDataProvider } from '../dataProvider';
import { errorMessage } from '../http';

/**
 * How many times a pending decision is asked for again. Each ask waits on the server until catalog
 * decides or a few seconds pass, so this bounds the page's patience (about two minutes), not a sleep.
 */
const MAX_FOLLOWS = 30;

/**
 * Follows a change answered `pending` until catalog decides (each call waits on the server), and
 * hands the decision to `onDecided`; stops when the page leaves or the admin picks a new status.
 */
function useFollow(
  orderId: string,
  outcome: ConsoleStockOutcome,
  onDecided: (decided: ConsoleStockOutcome) => void,
): { gaveUp: boolean; problem: string | null } {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [gaveUp, setGaveUp] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (outcome.outcome !== 'pending') return;
    let stopped = false;
    void (async () => {
      for (let ask = 0; ask < MAX_FOLLOWS && !stopped; ask++) {
        try {
          const next = await dataProvider.getStockOutcome(orderId, outcome.version);
          if (stopped) return;
          if (next.outcome !== 'pending') return onDecided(next);
        } catch (error) {
          if (!stopped) setProblem(errorMessage(error));
          return;
        }
      }
      if (!stopped) setGaveUp(true);
    })();
    return () => {
      stopped = true;
    };
  }, [orderId, outcome.outcome, outcome.version]);
  return { gaveUp, problem };
}

/**
 * What catalog decided on the stock of the change just sent (its decision is the one that counts:
 * the stock figures on this page are only a hint). Nothing is shown once it simply took the stock.
 */
export function StockOutcomeNotice({
  orderId,
  outcome,
  onDecided,
}: {
  orderId: string;
  outcome: ConsoleStockOutcome;
  onDecided: (decided: ConsoleStockOutcome) => void;
}) {
  const { gaveUp, problem } = useFollow(orderId, outcome, onDecided);
  if (outcome.outcome === 'refused') {
    const lines = outcome.shortLines ?? [];
    return (
      <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="stock-refused">
        <AlertTitle>Not enough stock: the order is back in Processing</AlertTitle>
        {lines.length > 0 ? (
          <>
            The catalog took nothing. Too little stock for:
            <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {lines.map((line) => (
                <li key={`${line.productId}-${line.size}`}>
                  {line.name} (size {line.size}): {line.requested} given, {line.available} in stock
                </li>
              ))}
            </ul>
          </>
        ) : (
          UI_MESSAGES.inventoryBelowZero
        )}
      </Alert>
    );
  }
  if (outcome.outcome !== 'pending') return null;
  if (problem) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }} role="alert">
        The change is saved, but whether the catalog took the stock could not be checked: {problem}.
        Reload the page to see it.
      </Alert>
    );
  }
  if (gaveUp) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }} role="status">
        The change is saved; the catalog has not taken the stock yet. If it cannot, the order goes
        back to Processing and its history says why: reload the page later to see it.
      </Alert>
    );
  }
  return (
    <Alert
      severity="info"
      sx={{ mt: 2 }}
      role="status"
      icon={<CircularProgress size={20} aria-hidden />}
      data-testid="stock-pending"
    >
      Saved. Waiting for the catalog to take the stock…
    </Alert>
  );
}
