/**
 * react-admin's English messages, with the sentences that name a resource reworded: they are built
 * from the menu label, which reads "All Orders", so the stock wording said "No All Orders found
 * using the current filters."
 *
 * The console speaks one language, so it translates with a few lines of its own instead of
 * ra-i18n-polyglot, whose library and shims weighed more than every message it translated in the
 * console's first load. Same rules as polyglot for what react-admin uses: %{name} placeholders,
 * "one |||| many" plurals by smart_count, the `_` default, the key itself when nothing matches.
 */
import type { I18nProvider } from 'react-admin';
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

type Options = Record<string, unknown>;

function lookup(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function translateWith(tree: unknown, key: string, given?: Options | number): string {
  const options: Options = typeof given === 'number' ? { smart_count: given } : (given ?? {});
  let phrase = lookup(tree, key) ?? (typeof options._ === 'string' ? options._ : key);
  if (options.smart_count !== undefined && phrase.includes('||||')) {
    const forms = phrase.split('||||').map((form) => form.trim());
    phrase = (Number(options.smart_count) === 1 ? forms[0] : forms[1]) ?? forms[0] ?? phrase;
  }
  return phrase.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
    options[name] === undefined ? placeholder : String(options[name]),
  );
}

export const i18nProvider: I18nProvider = {
  translate: (key, options) => translateWith(messages, key, options as Options | undefined),
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'en',
  getLocales: () => [{ locale: 'en', name: 'English' }],
};
