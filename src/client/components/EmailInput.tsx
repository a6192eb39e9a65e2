import { TextInput, type TextInputProps } from '@mantine/core';

/** An email address field the browser and password managers recognise; labelled Email unless told. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" {...props} />;
}
