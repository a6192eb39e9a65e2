import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';

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

/** After the page in hand has had its turn: prefetching must not compete with what the user asked for. */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2_000 });
  else window.setTimeout(task, 200);
}

/**
 * lazyNamed for a part of a screen (a dialog, a menu): while its chunk loads it shows nothing in
 * its own place, rather than suspending the whole page around it. With `prefetch`, the chunk is
 * fetched once the browser is idle after the importing module has run (a page's editor, after the
 * page shows), and a part whose chunk is in renders at once, without a Suspense round.
 */
export function lazyPart<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name, options: { prefetch?: boolean } = {}) {
  type Part = ComponentType<PropsOf<Module, Name>>;
  let ready: Part | undefined;
  let loading: Promise<{ default: Part }> | undefined;
  const start = () => (loading ??= load().then((module) => ({ default: (ready = module[name] as Part) })));
  const Suspending = lazy(start);
  if (options.prefetch) whenIdle(() => void start());

  return function LazyPart(props: PropsOf<Module, Name>) {
    // Chosen once per mount: switching paths later would remount the part and lose its state.
    const [Ready] = useState(() => ready);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={null}>
        <Suspending {...props} />
      </Suspense>
    );
  };
}
