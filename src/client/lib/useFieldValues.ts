import { useCallback, useState } from 'react';

type TextEvent = { currentTarget: { value: string } };

/** Text form state: the values, and `bind(name)` giving an input its value and onChange. */
export function useFieldValues<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const bind = useCallback(
    (name: keyof T) => ({
      value: values[name],
      onChange: (event: TextEvent) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      },
    }),
    [values],
  );
  return { values, setValues, bind };
}
