import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

type PropsOf<Module, Name extends keyof Module> = Module[Name] extends ComponentType<infer Props> ? Props & object : never;

/**
 * A component in its own chunk, fetched the first time it renders; while it loads, the nearest
 * Suspense boundary shows its fallback (for pages: App.tsx's). Modules keep their named exports;
 * this picks one.
 */
export function lazyNamed<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentType<PropsOf<Module, Name>>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<PropsOf<Module, Name>> }));
}

/**
 * lazyNamed for a part of a screen (a dialog, a menu): while its chunk loads it shows nothing in
 * its own place, rather than suspending the whole page around it.
 */
export function lazyPart<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  const Component = lazyNamed(load, name);
  return function LazyPart(props: PropsOf<Module, Name>) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}
