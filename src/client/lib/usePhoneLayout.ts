import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's md breakpoint a screen draws its phone layout; read at the first render so a phone never draws the wide one. */
export function usePhoneLayout(): boolean {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${em(theme.breakpoints.md)})`, true, { getInitialValueInEffect: false });
  return !wide;
}
