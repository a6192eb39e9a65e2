import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// docs/product-rules.md#look: primary blue #1976d2, secondary orange #ff9800 (index 6 is Mantine's filled shade).
const brandBlue: MantineColorsTuple = ['#e3f2fd', '#bbdefb', '#90caf9', '#64b5f6', '#42a5f5', '#2196f3', '#1976d2', '#1565c0', '#0d47a1', '#0a3570'];
const brandOrange: MantineColorsTuple = ['#fff3e0', '#ffe0b2', '#ffcc80', '#ffb74d', '#ffa726', '#ff9800', '#ff9800', '#f57c00', '#ef6c00', '#e65100'];

// Mantine's grays, with the 'dimmed' shade (6) darkened to keep 4.5:1 contrast on light backgrounds.
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#5f666d', '#495057', '#343a40', '#212529'];

// Mantine's reds with shade 6 darkened so white on a red button, and red text, keep 4.5:1.
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#c92a2a', '#b02525', '#9c1f1f', '#861a1a'];

// Mantine's dark palette with shade 2 (dimmed text in dark mode) lightened from #828282 to keep 4.5:1 on the dark cards.
const dark: MantineColorsTuple = ['#c9c9c9', '#b8b8b8', '#a3a3a3', '#696969', '#424242', '#3b3b3b', '#2e2e2e', '#242424', '#1f1f1f', '#141414'];

/** The colours a warning Alert is drawn in (yellow for a setting to fix, orange for a caution). */
const WARNING_COLORS = new Set(['yellow', 'orange', 'secondary']);

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand: brandBlue, secondary: brandOrange, gray, red, dark },
  fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", sans-serif',
  defaultRadius: 'md',
  components: {
    // A warning's title reads as strongly as its text: Mantine tints it, which leaves a grey title on
    // the dark scheme's brown warning background.
    Alert: {
      styles: (_theme: unknown, props: { color?: string }) => (WARNING_COLORS.has(props.color ?? '') ? { title: { color: 'light-dark(var(--mantine-color-black), var(--mantine-color-white))' } } : {}),
    },
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});

/**
 * Error text (a field's message, its red outline) in dark mode: Mantine draws it in red shade 8,
 * 1.7:1 on the dark cards; shade 4 keeps 4.5:1 there. Light mode keeps Mantine's shade 6.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
