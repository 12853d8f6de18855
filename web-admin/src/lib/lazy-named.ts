import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PropsOf<Export> = Export extends ComponentType<infer Props> ? Props : never;

/**
 * A page loaded on demand (its own chunk) from a module's named export, so the login page and the
 * first screen do not carry every resource page, chart and form of the console.
 */
export function lazyNamed<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentType<PropsOf<Module[Name]>>> {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType<PropsOf<Module[Name]>> };
  });
}
