import { Anchor, Button, Fieldset, PasswordInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { signUpInput, type SignUpInput } from '../../../shared/account.js';
import { SIGNED_UP_FLAG } from '../../../shared/sign-up.js';
import type { SignedUpState } from './SignedUpNotice.js';
import { MIN_PASSWORD_LENGTH } from '../../../shared/validation.js';
import { AuthCard } from '../../components/AuthCard.js';
import { FormMessage } from '../../components/FormMessage.js';
import { useFieldValues } from '../../lib/useFieldValues.js';
import { serverFieldErrors } from '../../components/records/index.js';
import { errorText, trpc } from '../../trpc.js';
import { EmailInput } from '../../components/EmailInput.js';

type SignUpForm = Required<SignUpInput> & { confirmPassword: string };

const emptyForm: SignUpForm = {
  companyName: '',
  companyAddress: '',
  website: '',
  companyPhone: '',
  firstName: '',
  lastName: '',
  mobile: '',
  emailAddress: '',
  password: '',
  confirmPassword: '',
  projectDescription: '',
};

/** The match check first, then the length. */
export function signUpProblem(form: Pick<SignUpForm, 'password' | 'confirmPassword'>): string | null {
  if (form.password !== form.confirmPassword) return 'Passwords do not match.';
  if (form.password.length < MIN_PASSWORD_LENGTH) return 'The password needs to be at least 8 characters long.';
  return null;
}

type FieldProblems = Partial<Record<keyof SignUpForm, string>>;

/**
 * What the form can tell before asking the server, by field: the shared schema's messages (the
 * server's own), and the password check on the field it is about. The alert shows the first.
 */
export function signUpFieldProblems(form: SignUpForm): { fields: FieldProblems; first: string | null } {
  const { confirmPassword: _confirm, ...payload } = form;
  const parsed = signUpInput.safeParse(payload);
  const fields: FieldProblems = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const name = issue.path[0] as keyof SignUpForm;
    fields[name] ??= issue.message;
  }
  const passwords = signUpProblem(form);
  if (passwords) fields[form.password === form.confirmPassword ? 'password' : 'confirmPassword'] = passwords;
  return { fields, first: passwords ?? (parsed.success ? null : (parsed.error.issues[0]?.message ?? null)) };
}

export function SignUpPage() {
  const [, navigate] = useLocation();
  const { values: form, bind: field } = useFieldValues(emptyForm);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldProblems, setFieldProblems] = useState<FieldProblems>({});
  const signUp = trpc.account.signup.useMutation({
    // a lasting page, not a toast that fades: the visitor reads what happens next (SignedUpNotice)
    onSuccess: (_result, payload) => {
      const state: SignedUpState = { emailAddress: payload.emailAddress };
      navigate(`/signin?${SIGNED_UP_FLAG}=1`, { state });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = signUpFieldProblems(form);
    setProblem(found.first);
    setFieldProblems(found.fields);
    if (found.first) return;
    const { confirmPassword: _confirm, ...payload } = form;
    signUp.mutate(payload);
  };

  const error = problem ?? (signUp.isError ? errorText(signUp.error, 'Error during registration.') : null);
  const refused: FieldProblems = signUp.isError ? serverFieldErrors(signUp.error) : {};
  // a field's input with the app's message under it (the browser's own bubbles are off: noValidate)
  const input = (name: keyof SignUpForm) => ({ ...field(name), error: fieldProblems[name] ?? refused[name] });

  return (
    <AuthCard title="Sign Up" subtitle="Open an account for your company. We review every sign-up and email you once it is approved." width={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Fieldset legend="Company Info">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Company Name" required autoComplete="organization" {...input('companyName')} />
              <TextInput label="Company Phone" type="tel" autoComplete="tel" {...input('companyPhone')} />
              <TextInput label="Company Address" autoComplete="street-address" {...input('companyAddress')} />
              <TextInput label="Website" type="url" placeholder="https://" autoComplete="url" {...input('website')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="User Login Info">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First Name" required autoComplete="given-name" {...input('firstName')} />
              <TextInput label="Last Name" required autoComplete="family-name" {...input('lastName')} />
              <EmailInput required {...input('emailAddress')} />
              <TextInput label="Mobile" type="tel" autoComplete="tel" {...input('mobile')} />
              <PasswordInput label="Password" required autoComplete="new-password" {...input('password')} />
              <PasswordInput label="Confirm Password" required autoComplete="new-password" {...input('confirmPassword')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Brief Project Description">
            <Textarea
              label="Project Description"
              description="What would you like us to help with?"
              minRows={3}
              autosize
              maxRows={10}
              {...input('projectDescription')}
            />
          </Fieldset>
          <FormMessage error={error} />
          <Button type="submit" loading={signUp.isPending} size="md">
            Sign Up
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} href="/signin">
          Sign In
        </Anchor>
      </Text>
    </AuthCard>
  );
}
