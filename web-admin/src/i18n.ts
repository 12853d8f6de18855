/**
 * react-admin's English messages, with the sentences that name a resource reworded: they are built
 * from the menu label, which reads "All Orders", so the stock wording said "No All Orders found
 * using the current filters."
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

const messages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    navigation: {
      ...englishMessages.ra.navigation,
      no_results: 'Nothing found',
      no_filtered_results: 'Nothing found using the current filters.',
    },
    page: { ...englishMessages.ra.page, empty: 'Nothing here yet.' },
  },
};

export const i18nProvider = polyglotI18nProvider(
  () => messages,
  'en',
  [{ locale: 'en', name: 'English' }],
  { allowMissing: true },
);
