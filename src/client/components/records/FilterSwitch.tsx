import { Box, Switch } from '@mantine/core';

/** A list's on/off filter beside its search, as tall as the search field. */
export function FilterSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Box h={36} display="flex" style={{ alignItems: 'center' }}>
      <Switch label={label} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
    </Box>
  );
}
