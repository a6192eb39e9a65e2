import { describe, expect, it } from 'vitest';
import type { Provider } from '../config.js';
import { activationEmail, passwordResetEmail, renderEmail, setPasswordEmail, signUpNoticeEmail } from './templates.js';

const provider: Provider = {
  name: 'Acme Consulting',
  email: 'billing@acme.test',
  phone: undefined,
  businessAddress: undefined,
  otherInstructions: undefined,
  address: undefined,
  bankName: undefined,
  routingNumber: undefined,
  accountNumber: undefined,
  paymentEmail: undefined,
};

const person = { firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@client.test' };

describe('renderEmail', () => {
  it("carries the provider's name in the subject and signs both versions with it", () => {
    const email = renderEmail(provider, 'Hello', ['First paragraph.']);
    expect(email.subject).toBe('Hello — Acme Consulting');
    expect(email.text).toBe('First paragraph.\n\n— Acme Consulting');
    expect(email.html).toContain('— Acme Consulting</p>');
  });

  it('escapes user-supplied text in the HTML version only', () => {
    const email = renderEmail(provider, 'Hi', ['Tom & Jerry <script>alert("x")</script> it\'s']);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Tom &amp; Jerry &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; it&#39;s');
    expect(email.text).toContain('Tom & Jerry <script>alert("x")</script> it\'s');
  });

  it('escapes the provider name too', () => {
    const email = renderEmail({ ...provider, name: 'A&B <Consulting>' }, 'Hi', ['Body']);
    expect(email.html).not.toContain('<Consulting>');
    expect(email.html).toContain('A&amp;B &lt;Consulting&gt;');
    expect(email.subject).toBe('Hi — A&B <Consulting>');
  });

  it('puts a link in both versions, escaped as an attribute in HTML', () => {
    const link = 'http://localhost:3000/reset-password/a.b-c?x=1&y=2';
    const email = renderEmail(provider, 'Hi', [{ link, label: 'Open "it"' }]);
    expect(email.text).toContain(`Open "it": ${link}`);
    expect(email.html).toContain('href="http://localhost:3000/reset-password/a.b-c?x=1&amp;y=2"');
    expect(email.html).toContain('>Open &quot;it&quot;</a>');
  });

  it('turns line breaks into <br> in HTML', () => {
    const email = renderEmail(provider, 'Hi', ['line one\nline two']);
    expect(email.html).toContain('line one<br>line two');
    expect(email.text).toContain('line one\nline two');
  });

  it('cannot break out of a link attribute', () => {
    const email = renderEmail(provider, 'Hi', [{ link: 'http://x.test/" onclick="evil()', label: 'Go' }]);
    expect(email.html).not.toContain('" onclick="');
    expect(email.html).toContain('&quot; onclick=&quot;evil()');
  });
});

describe('signUpNoticeEmail', () => {
  const signUp = {
    ...person,
    companyName: '<script>alert(1)</script> Evil & Co',
    projectDescription: 'Build a <b>portal</b>\nwith reports',
    reviewUrl: 'http://localhost:3000/allusers',
  };

  it('escapes the company name, person and description in the HTML', () => {
    const email = signUpNoticeEmail(provider, signUp);
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>portal</b>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Evil &amp; Co');
    expect(email.html).toContain('Ann Lee &lt;ann@client.test&gt;');
    expect(email.html).toContain('Build a &lt;b&gt;portal&lt;/b&gt;<br>with reports');
  });

  it('names the company in the subject and the provider, with the review link in both versions', () => {
    const email = signUpNoticeEmail(provider, signUp);
    expect(email.subject).toBe('New sign-up: <script>alert(1)</script> Evil & Co — Acme Consulting');
    expect(email.text).toContain('Ann Lee <ann@client.test> signed up for <script>alert(1)</script> Evil & Co.');
    expect(email.text).toContain('http://localhost:3000/allusers');
    expect(email.html).toContain('href="http://localhost:3000/allusers"');
    expect(email.text.endsWith('— Acme Consulting')).toBe(true);
  });

  it('says so when there is no project description', () => {
    const email = signUpNoticeEmail(provider, { ...signUp, projectDescription: '' });
    expect(email.text).toContain('No project description was given.');
  });
});

describe('account emails', () => {
  const cases = [
    {
      name: 'activation with a sign-in link',
      email: activationEmail(provider, { ...person, signInUrl: 'http://localhost:3000/login' }),
      link: 'http://localhost:3000/login',
    },
    {
      name: 'activation with a set-password link',
      email: activationEmail(provider, {
        ...person,
        signInUrl: 'http://localhost:3000/login',
        setPasswordUrl: 'http://localhost:3000/reset-password/tok.en-1',
      }),
      link: 'http://localhost:3000/reset-password/tok.en-1',
    },
    {
      name: 'password reset',
      email: passwordResetEmail(provider, { ...person, resetUrl: 'http://localhost:3000/reset-password/tok.en-2' }),
      link: 'http://localhost:3000/reset-password/tok.en-2',
    },
    {
      name: 'set password',
      email: setPasswordEmail(provider, { ...person, setPasswordUrl: 'http://localhost:3000/reset-password/tok.en-3' }),
      link: 'http://localhost:3000/reset-password/tok.en-3',
    },
  ];

  it.each(cases)('$name: link in text and html, provider in subject and signature', ({ email, link }) => {
    expect(email.text).toContain(link);
    expect(email.html).toContain(`href="${link}"`);
    expect(email.subject.endsWith('— Acme Consulting')).toBe(true);
    expect(email.text.endsWith('— Acme Consulting')).toBe(true);
    expect(email.html).toContain('— Acme Consulting</p>');
    expect(email.text).toContain('Hello Ann,');
  });

  it('activation offers the set-password link instead of sign-in when there is one', () => {
    const email = cases[1]!.email;
    expect(email.text).not.toContain('http://localhost:3000/login');
    expect(email.text).toContain('7 days');
  });

  it('escapes the first name', () => {
    const email = passwordResetEmail(provider, { ...person, firstName: '<img src=x onerror=alert(1)>', resetUrl: 'http://x.test/r' });
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
  });

  it('set-password names the provider in the body', () => {
    expect(cases[3]!.email.text).toContain('on the Acme Consulting client portal');
  });
});
