import type { Provider } from '../config.js';

/**
 * Email templates: plain text and HTML from the same paragraphs, signed with the provider's name.
 * An email with a single-use link asks the outbox to clear its bodies once sent (clearAfterSend).
 */
export type RenderedEmail = { subject: string; text: string; html: string; clearAfterSend?: true };

type Block = string | { link: string; label: string; singleUse?: true };

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function renderEmail(provider: Provider, subject: string, blocks: Block[]): RenderedEmail {
  const text = [
    ...blocks.map((block) => (typeof block === 'string' ? block : `${block.label}: ${block.link}`)),
    `— ${provider.name}`,
  ].join('\n\n');
  const body = blocks
    .map((block) =>
      typeof block === 'string'
        ? `<p style="margin:0 0 16px">${escapeHtml(block).replace(/\n/g, '<br>')}</p>`
        : `<p style="margin:24px 0"><a href="${escapeHtml(block.link)}" style="background:#1976d2;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(block.label)}</a></p>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">
${provider.logoUrl ? `<img src="${escapeHtml(provider.logoUrl)}" alt="${escapeHtml(provider.name)}" style="display:block;max-height:56px;max-width:240px;margin:0 0 12px">` : ''}<h2 style="color:#1976d2;margin:0 0 24px">${escapeHtml(provider.name)}</h2>
${body}
<p style="margin:32px 0 0;color:#666;font-size:13px">— ${escapeHtml(provider.name)}</p>
</body></html>`;
  const carriesSecret = blocks.some((block) => typeof block !== 'string' && block.singleUse);
  return { subject: `${subject} — ${provider.name}`, text, html, ...(carriesSecret ? { clearAfterSend: true } : {}) };
}

type Person = { firstName: string; lastName: string; emailAddress: string };

export function signUpNoticeEmail(
  provider: Provider,
  signUp: Person & { companyName: string; projectDescription: string; reviewUrl: string; invitedBy?: string },
): RenderedEmail {
  const who = `${signUp.firstName} ${signUp.lastName} <${signUp.emailAddress}>`;
  if (signUp.invitedBy) {
    return renderEmail(provider, `New user invited: ${signUp.companyName}`, [
      `${signUp.invitedBy} invited ${who} to join ${signUp.companyName}.`,
      'The account waits for your approval.',
      { link: signUp.reviewUrl, label: 'Review users' },
    ]);
  }
  return renderEmail(provider, `New sign-up: ${signUp.companyName}`, [
    `${who} signed up for ${signUp.companyName}.`,
    signUp.projectDescription ? `Project description:\n${signUp.projectDescription}` : 'No project description was given.',
    'The account waits for your approval.',
    { link: signUp.reviewUrl, label: 'Review users' },
  ]);
}

export function activationEmail(
  provider: Provider,
  user: Person & { signInUrl: string; setPasswordUrl?: string },
): RenderedEmail {
  return renderEmail(provider, 'Your account is approved', [
    `Hello ${user.firstName},`,
    user.setPasswordUrl
      ? 'Your account has been approved. Choose a password to sign in; the link is valid for 7 days.'
      : 'Your account has been approved. You can now sign in with your email address and password.',
    user.setPasswordUrl
      ? { link: user.setPasswordUrl, label: 'Set your password', singleUse: true }
      : { link: user.signInUrl, label: 'Sign in' },
  ]);
}

export function passwordResetEmail(provider: Provider, user: Person & { resetUrl: string }): RenderedEmail {
  return renderEmail(provider, 'Reset your password', [
    `Hello ${user.firstName},`,
    'We received a request to reset your password. The link below is valid for 1 hour and can be used once.',
    { link: user.resetUrl, label: 'Reset password', singleUse: true },
    'If you did not ask for this, you can ignore this email; your password stays as it is.',
  ]);
}

export function setPasswordEmail(provider: Provider, user: Person & { setPasswordUrl: string }): RenderedEmail {
  return renderEmail(provider, 'Set your password', [
    `Hello ${user.firstName},`,
    `An account has been prepared for you on the ${provider.name} client portal. Choose a password to sign in; the link is valid for 7 days and can be used once.`,
    { link: user.setPasswordUrl, label: 'Set your password', singleUse: true },
  ]);
}

/**
 * Goes to the owner of an address a company admin invited when it already has an account: the
 * admin is answered as for a new colleague, so only the owner learns of it.
 */
export function invitationToAccountHolderEmail(
  provider: Provider,
  owner: { firstName: string; emailAddress: string; invitedBy: string; companyName: string; alreadyMember: boolean; signInUrl: string },
): RenderedEmail {
  const contact = `${provider.name}${provider.email ? ` at ${provider.email}` : ''}`;
  const attempt = `${owner.invitedBy} of ${owner.companyName} tried to invite ${owner.emailAddress} to join ${owner.companyName} on the ${provider.name} client portal.`;
  return renderEmail(provider, 'Someone tried to invite you', [
    `Hello ${owner.firstName},`,
    owner.alreadyMember
      ? `${attempt} You are a user of ${owner.companyName} already, so nothing was changed; you sign in as before.`
      : `${attempt} This address already has an account, so nothing was changed and no second account was made; you sign in as before.`,
    owner.alreadyMember ? 'You need not do anything.' : `If you are meant to join ${owner.companyName}, please contact ${contact}. Otherwise you can ignore this email.`,
    { link: owner.signInUrl, label: 'Sign in' },
  ]);
}

/** Goes to the old address, so its owner learns of a change they did not make. */
export function emailChangedEmail(
  provider: Provider,
  user: { firstName: string; newEmailAddress: string; signInUrl: string },
): RenderedEmail {
  return renderEmail(provider, 'Your sign-in email was changed', [
    `Hello ${user.firstName},`,
    `The email address you sign in with on the ${provider.name} client portal was changed to ${user.newEmailAddress}. Emails for your account go there from now on.`,
    `If you did not make this change, please contact ${provider.name}${provider.email ? ` at ${provider.email}` : ''} at once.`,
    { link: user.signInUrl, label: 'Sign in' },
  ]);
}

/** Sent when a super-admin turns off a user's lost second factor, so its owner hears of it. */
export function twoFactorResetEmail(provider: Provider, user: { firstName: string; signInUrl: string }): RenderedEmail {
  return renderEmail(provider, 'Your two-factor sign-in was reset', [
    `Hello ${user.firstName},`,
    `${provider.name} has turned off two-factor sign-in for your account on the client portal and signed you out everywhere. You can sign in with your email address and password, then set up two-factor sign-in again on My Account.`,
    `If you did not ask for this, please contact ${provider.name}${provider.email ? ` at ${provider.email}` : ''} at once.`,
    { link: user.signInUrl, label: 'Sign in' },
  ]);
}

/** Tells the provider the app turned off a webhook endpoint whose deliveries failed for a day. */
export function webhookEndpointDisabledEmail(provider: Provider, endpoint: { url: string; reason: string; webhooksUrl: string }): RenderedEmail {
  return renderEmail(provider, 'A webhook endpoint was turned off', [
    `The webhook endpoint ${endpoint.url} was turned off: ${endpoint.reason}`,
    'No more events are sent to it. Once the receiver works again, turn the endpoint back on and redeliver what it missed from its delivery log.',
    { link: endpoint.webhooksUrl, label: 'Open Webhooks' },
  ]);
}
