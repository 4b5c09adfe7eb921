/**
 * A module a view needs that loads on demand, not with the page (lesson 2's transaction
 * for lesson 1's registration check). A view that needs it before it has arrived throws
 * ModuleNotLoaded; ViewSlot catches it, shows `waiting` the first time, and builds the view
 * again once the module is here, or shows `failed` if it cannot load.
 */
export class ModuleNotLoaded extends Error {
  constructor(
    readonly loaded: Promise<unknown>,
    /** What the view says while it waits, e.g. "Drawing the chart…". */
    readonly waiting: string,
    /** What it says when the load fails. */
    readonly failed: (reason: unknown) => string
  ) {
    super("a module is still loading");
    this.name = "ModuleNotLoaded";
  }
}

/** `load()` once, remembered; a failed load is tried again on the next call. `loaded()` gives the module or throws ModuleNotLoaded. */
export function onDemand<Module>(
  load: () => Promise<Module>,
  waiting: string,
  failed: (reason: unknown) => string
): {load(): Promise<Module>; loaded(): Module} {
  let module: Module | null = null;
  let loading: Promise<Module> | null = null;
  const start = (): Promise<Module> => {
    loading ??= load().then(
      (arrived) => (module = arrived),
      (reason: unknown) => {
        loading = null;
        throw reason;
      }
    );
    return loading;
  };
  return {
    load: start,
    loaded() {
      if (module !== null) return module;
      throw new ModuleNotLoaded(start(), waiting, failed);
    }
  };
}
