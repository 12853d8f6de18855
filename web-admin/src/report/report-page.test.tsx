import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, HttpError, Notification, type DataProvider } from 'react-admin';
import type { RebuildStatus, Report } from '@lr/contracts';
import { createQueryClient } from '../query-client';
import ReportPage from './report-page';

function report(ordersReceived: number): Report {
  return {
    ordersReceived,
    ordersFulfilled: 1,
    averageFulfilmentHours: 20,
    itemsFulfilled: 3,
    itemsReceived: 0,
    itemsReceivedByKind: [],
    countAdjustments: { counts: 0, adjustedSizes: 0, net: 0, absolute: 0 },
    studentsHelped: 1,
    topItems: [],
    topSchools: [],
    weekly: { ordersReceived: [], ordersFulfilled: [], itemsByCategory: [] },
  };
}

const idle: RebuildStatus = {
  running: false,
  replayed: 0,
  total: 0,
  startedAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function renderReport(provider: Partial<Record<string, unknown>>) {
  render(
    <MemoryRouter>
      <AdminContext
        dataProvider={provider as unknown as DataProvider}
        queryClient={createQueryClient()}
      >
        <ReportPage />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const figure = (label: string) =>
  within(screen.getByText(label).closest('.figure') as HTMLElement).getByRole('paragraph');

describe('LR345 Report', () => {
  it("shows the server's words when the figures cannot be read", async () => {
    renderReport({
      getReport: async () => {
        throw new HttpError('Role not allowed', 403, { message: 'Role not allowed' });
      },
      getRebuildStatus: async () => idle,
    });
    expect(await screen.findByText('Role not allowed')).toBeInTheDocument();
    expect(screen.queryByText('Orders received')).toBeNull();
  });

  it('reads the figures again once a rebuild has replayed the order events', async () => {
    let rebuilt = false;
    const rebuilds: unknown[] = [];
    renderReport({
      getReport: async () => report(rebuilt ? 9 : 4),
      getRebuildStatus: async () => idle,
      rebuildReport: async () => {
        rebuilds.push(true);
        rebuilt = true;
        return { success: true, eventsApplied: 12, ordersApplied: 9, durationMs: 5 };
      },
    });
    await screen.findByText('Orders received');
    expect(figure('Orders received')).toHaveTextContent('4');
    fireEvent.click(screen.getByRole('button', { name: 'Rebuild' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Report rebuilt from the order events')).toBeInTheDocument();
    expect(rebuilds).toHaveLength(1);
    await waitFor(() => expect(figure('Orders received')).toHaveTextContent('9'));
  });
});
