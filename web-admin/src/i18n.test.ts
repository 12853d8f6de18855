import { i18nProvider, translateWith } from './i18n';

describe('the console translator', () => {
  it("fills placeholders and picks react-admin's plural forms", () => {
    expect(
      i18nProvider.translate('ra.navigation.page_range_info', {
        offsetBegin: 1,
        offsetEnd: 15,
        total: 40,
      }),
    ).toBe('1-15 of 40');
    expect(
      i18nProvider.translate('ra.message.bulk_delete_title', { name: 'order', smart_count: 1 }),
    ).toBe('Delete order');
    expect(
      i18nProvider.translate('ra.message.bulk_delete_title', { name: 'orders', smart_count: 3 }),
    ).toBe('Delete 3 orders');
  });

  it('uses the reworded sentences, the default, or the key itself', () => {
    expect(i18nProvider.translate('ra.navigation.no_filtered_results')).toBe(
      'Nothing found using the current filters.',
    );
    expect(i18nProvider.translate('resources.orders.name', { _: 'All Orders' })).toBe('All Orders');
    expect(i18nProvider.translate('no.such.key')).toBe('no.such.key');
    expect(translateWith({ a: 'x %{missing}' }, 'a')).toBe('x %{missing}');
  });
});
