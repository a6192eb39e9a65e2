import { Anchor, Button, Fieldset, PasswordInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { SignUpInput } from '../../../shared/account.js';
import { MIN_PASSWORD_LENGTH } from '../../../shared/validation.js';
import { AuthCard } from '../../components/AuthCard.js';
import { FormMessage } from '../../components/FormMessage.js';
import { useFieldValues } from '../../lib/useFieldValues.js';
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

export function SignUpPage() {
  const [, navigate] = useLocation();
  const { values: form, bind: field } = useFieldValues(emptyForm);
  const [problem, setProblem] = useState<string | null>(null);
  const signUp = trpc.account.signup.useMutation({
    onSuccess: (result) => {
      notifications.show({ color: 'green', title: 'Thank you!', message: result.message, autoClose: 10_000 });
      navigate('/signin');
    },
  });


  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = signUpProblem(form);
    setProblem(found);
    if (found) return;
    const { confirmPassword: _confirm, ...payload } = form;
    signUp.mutate(payload);
  };

  const error = problem ?? (signUp.isError ? errorText(signUp.error, 'Error during registration.') : null);

  return (
    <AuthCard title="Sign Up" subtitle="Open an account for your company. We review every sign-up and email you once it is approved." width={760}>
      <form onSubmit={submit}>
        <Stack gap="lg">
          <Fieldset legend="Company Info">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Company Name" required autoComplete="organization" {...field('companyName')} />
              <TextInput label="Company Phone" type="tel" autoComplete="tel" {...field('companyPhone')} />
              <TextInput label="Company Address" autoComplete="street-address" {...field('companyAddress')} />
              <TextInput label="Website" type="url" placeholder="https://" autoComplete="url" {...field('website')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="User Login Info">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First Name" required autoComplete="given-name" {...field('firstName')} />
              <TextInput label="Last Name" required autoComplete="family-name" {...field('lastName')} />
              <EmailInput required {...field('emailAddress')} />
              <TextInput label="Mobile" type="tel" autoComplete="tel" {...field('mobile')} />
              <PasswordInput label="Password" required autoComplete="new-password" {...field('password')} />
              <PasswordInput label="Confirm Password" required autoComplete="new-password" {...field('confirmPassword')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Brief Project Description">
            <Textarea
              label="Project Description"
              description="What would you like us to help with?"
              minRows={3}
              autosize
              maxRows={10}
              {...field('projectDescription')}
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
