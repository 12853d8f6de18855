/**
 * "1 difference", "2 differences", "0 differences": English's two forms, chosen by
 * Intl.PluralRules (so a number is never followed by "(s)"). `plural` names the other form when
 * adding "s" is wrong.
 */
const rules = new Intl.PluralRules('en-US');

export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${rules.select(count) === 'one' ? singular : plural}`;
}
