import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  AdminContext,
  Notification,
  ResourceContextProvider,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import type { StockCountDto, StockCountLineDto, StockCountReviewDto } from '@lr/contracts';
import type { CountedFigure } from '../dataProvider';
import { StockCountShow } from './stock-count-show';

function sheetLine(
  sizeId: string,
  productName: string,
  size: string,
  subCategory = 'Unisex youth sizing',
): StockCountLineDto {
  return {
    id: `line-${sizeId}`,
    sizeId,
    productId: `p-${productName}`,
    productName,
    category: 'Footwear',
    subCategory,
    size,
    counted: null,
    sizeExists: true,
    books: null,
    difference: null,
  };
}

/** A small console API holding one open count of three sizes. */
function countApi() {
  const lines = [
    sheetLine('s1', 'Shoes', '3'),
    sheetLine('s2', 'Shoes', '4'),
    sheetLine('s3', 'Boots', '9'),
    sheetLine('s4', 'Mittens', 'S', "Unisex toddler's sizing"),
    sheetLine('s5', 'Mittens', 'S'),
  ];
  const counted = new Map<string, number | null>();
  let status: StockCountDto['status'] = 'open';
  const calls = {
    pages: [] as [number, number][],
    entered: [] as CountedFigure[][],
    finalised: [] as unknown[],
  };
  const count = (): StockCountDto => ({
    id: 'c1',
    scope: 'Footwear',
    status,
    note: '',
    sizes: lines.length,
    countedSizes: [...counted.values()].filter((figure) => figure !== null).length,
    startedAt: '2026-11-20T10:00:00.000Z',
    startedBy: 'Admin',
    finalisedAt: null,
    finalisedBy: null,
    adjustedSizes: 0,
    netAdjustment: 0,
    absoluteAdjustment: 0,
  });
  const review = (): StockCountReviewDto => ({
    count: count(),
    differences: [
      {
        sizeId: 's1',
        productId: 'p-Shoes',
        productName: 'Shoes',
        category: 'Footwear',
        size: '3',
        books: 5,
        counted: counted.get('s1') ?? 0,
        difference: (counted.get('s1') ?? 0) - 5,
      },
    ],
    matching: 0,
    uncounted: 2,
    deletedSizes: [],
    movementsSinceStart: [],
    movementsSinceStartTotal: 0,
  });
  const provider = {
    getOne: async () => ({ data: count() }),
    // Like the gateway cutting a page, at most two rows an answer.
    getCountSheetPage: async (_id: string, range: [number, number]) => {
      calls.pages.push(range);
      const rows = lines.slice(range[0], Math.min(range[1] + 1, range[0] + 2));
      return {
        lines: rows.map((line) => ({ ...line, counted: counted.get(line.sizeId) ?? null })),
        total: lines.length,
      };
    },
    enterCounts: async (_id: string, figures: CountedFigure[]) => {
      calls.entered.push(figures);
      for (const figure of figures) counted.set(figure.sizeId, figure.counted);
      return count();
    },
    getCountReview: async () => review(),
    finaliseCount: async (_id: string, confirmedBooks: unknown) => {
      calls.finalised.push(confirmedBooks);
      status = 'finalised';
      return review();
    },
  } as unknown as DataProvider;
  return { provider, calls };
}

const admin: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => 'admin',
};

function renderCount(provider: DataProvider) {
  render(
    <MemoryRouter initialEntries={['/stock-counts/c1/show']}>
      <AdminContext dataProvider={provider} authProvider={admin}>
        <ResourceContextProvider value="stock-counts">
          <Routes>
            <Route path="/stock-counts/:id/show" element={<StockCountShow />} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('a stock count', () => {
  it('loads the whole sheet page after page, from where the last answer ended', async () => {
    const { provider, calls } = countApi();
    renderCount(provider);
    expect(await screen.findByText('Boots (Unisex youth sizing)')).toBeInTheDocument();
    expect(screen.getByText('Shoes (Unisex youth sizing)')).toBeInTheDocument();
    expect(calls.pages).toEqual([
      [0, 499],
      [2, 501],
      [4, 503],
    ]);
    // Blank boxes are for the printed sheet only: none is drawn on screen.
    const boxes = document.querySelectorAll('.print-box');
    expect(boxes).toHaveLength(5);
    for (const box of boxes) expect(box).not.toBeVisible();
  });

  it('saves entered figures, then shows the count and its sheet as the server has them', async () => {
    const { provider, calls } = countApi();
    renderCount(provider);
    expect(await screen.findByText('open - 0 of 5 sizes counted')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Enter figures' }));
    fireEvent.change(await screen.findByLabelText('Counted Shoes (Unisex youth sizing) 3'), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save figures' }));
    expect(await screen.findByText('1 figure saved')).toBeInTheDocument();
    expect(calls.entered).toEqual([[{ sizeId: 's1', counted: 2 }]]);
    expect(await screen.findByText('open - 1 of 5 sizes counted')).toBeInTheDocument();
    expect(screen.getByLabelText('Counted Shoes (Unisex youth sizing) 3')).toHaveValue(2);
  });

  it('labels two products of one name and size apart by their sub-category', async () => {
    const { provider } = countApi();
    renderCount(provider);
    fireEvent.click(await screen.findByRole('tab', { name: 'Enter figures' }));
    expect(
      await screen.findByLabelText("Counted Mittens (Unisex toddler's sizing) S"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Counted Mittens (Unisex youth sizing) S')).toBeInTheDocument();
  });

  it('finalises with the books the admin reviewed, and then shows the count finalised', async () => {
    const { provider, calls } = countApi();
    renderCount(provider);
    fireEvent.click(await screen.findByRole('tab', { name: 'Review and finalise' }));
    expect(
      await screen.findByText('1 difference, 0 sizes agree, 2 not counted (not adjusted).'),
    ).toBeInTheDocument();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Finalise: write this 1 adjustment' }),
    );
    // Asked first; going back writes nothing.
    const dialog = await screen.findByRole('dialog', { name: 'Finalise this count?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.finalised).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Finalise: write this 1 adjustment' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Finalise this count?' })).getByRole(
        'button',
        { name: 'Finalise' },
      ),
    );
    expect(await screen.findByText('Count finalised')).toBeInTheDocument();
    expect(calls.finalised).toEqual([[{ sizeId: 's1', books: 5 }]]);
    await waitFor(() =>
      expect(screen.getByText(/^finalised - 0 of 5 sizes counted/)).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: /^Finalise/ })).toBeNull();
  });
});
