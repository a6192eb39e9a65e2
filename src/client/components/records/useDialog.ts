import { useState } from 'react';

/** Which row a dialog is open for: null closed, an empty object for "add", a row for "edit". */
export function useDialog<T>() {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    opened: target !== null,
    open: (value: T) => setTarget(value),
    close: () => setTarget(null),
  };
}
