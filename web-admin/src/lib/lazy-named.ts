import { lazy, type ComponentType } from 'react';

/**
 * A page loaded on demand (its own chunk) from a module's named export, so the login page and the
 * first screen do not carry every resource page, chart and form of the console.
 */
export function lazyNamed<Props extends object, Module extends Record<string, unknown>>(
  load: () => Promise<Module>,
  name: keyof Module,
) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType<Props> };
  });
}
